"""People around a tournament who are not (yet) in its entries.

Invited partners, referees, and accounts that claim a name an organiser entered.

Plain values, kept by ``storage.tournament_people``. A person is known by their account id once the bot has seen
them, otherwise by the ``@username`` someone typed; both comparisons ignore the username's case.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class InvitationStatus(enum.StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class Invitation:
    invitation_id: int
    tournament_id: int
    inviter_user_id: int
    inviter_name: str
    invitee_user_id: int | None
    """Known when the invitation was a reply or the bot had seen the @username; else revealed by /accept."""
    invitee_username: str | None
    invitee_name: str
    status: InvitationStatus
    unit: str | None = None
    """The unit it was sent with (``报名 @x unit=…``): the pair's once accepted."""

    def addressed_to(self, user_id: int, username: str | None) -> bool:
        if self.invitee_user_id is not None:
            return self.invitee_user_id == user_id
        return username is not None and (self.invitee_username or "").casefold() == username.casefold()

    def involves(self, user_id: int, username: str | None) -> bool:
        return self.inviter_user_id == user_id or self.addressed_to(user_id, username)


@dataclass(frozen=True, slots=True)
class Referee:
    user_id: int | None
    username: str | None
    display_name: str

    def is_person(self, user_id: int | None, username: str | None) -> bool:
        if self.user_id is not None:
            return self.user_id == user_id
        return username is not None and (self.username or "").casefold() == username.casefold()


class NameClaimStatus(enum.StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class NameClaim:
    """``/claim 小红``: an account says it is a member entered by name.

    The account ``user_id`` says it is the member an organiser entered by name as ``person_key``; an organiser's
    confirmation links them (``bot.tournament.registration.link_account``)."""

    claim_id: int
    tournament_id: int
    person_key: str
    name: str
    """The member's name as entered."""
    user_id: int
    display_name: str
    """The claimer's name in the chat."""
    status: NameClaimStatus
