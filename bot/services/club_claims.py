"""``/claim <name>`` for a name the club knows.

An account says it is a person the group's tournaments entered by name, when no tournament open in the group has an
entry of that name (club-season notice: "/claim links a name to an account once for all tournaments, past and future").

As in a tournament (``bot.services.tournament.name_claims``), only an official may speak for a name: an organiser's
own claim links at once; a member's claim waits until an organiser confirms it (``/claim <name> confirm``). The
link is the club's (a ``link`` record, ``bot.season.identity``): every rating, ladder and member list of the group
counts the name and the account as one player, and the next tournament enters the name as the account.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.errors import TournamentError
from bot.season.identity import ClubRecord
from bot.services import Services
from bot.services.caller import Caller
from bot.services.names import name_claimed
from bot.services.roles import Role
from bot.services.season import Member, add_club_record, load_club
from bot.services.tournament.signup import SignUpAsYourselfError
from bot.tournament.entries import account_key
from bot.tournament.registration import AlreadyLinkedError
from storage import Tx, history
from storage import club as club_rows


class NoClubClaimError(TournamentError):
    """``/claim <name> confirm`` with no claim on that name waiting."""

    key = "club.no_claim"


@dataclass(frozen=True, slots=True)
class ClubClaimResult:
    member: Member
    """The person claimed, as the club showed them before the claim."""
    display_name: str
    """The claiming account's name."""
    linked: bool
    """``True``: the name is the account's now; ``False``: the claim waits for an organiser."""


async def claim_club_name(services: Services, caller: Caller, name: str) -> ClubClaimResult:
    """The caller says they are the club's person called ``name``.

    :class:`~bot.services.season.UnknownMemberError` when the club knows no such name."""
    person = caller.person
    if person is None:
        raise SignUpAsYourselfError()
    organiser = await services.roles.has(caller, Role.ORGANISER)
    at = services.clock()
    async with services.storage.transaction(claim=caller.claim) as tx:
        club = await load_club(services, tx, caller.chat_id)
        member = club.find(name)
        if member.linked:
            raise AlreadyLinkedError(name=member.name)
        for old in await club_rows.open_claims(tx, caller.chat_id):
            if club.identity.member(old.person_key) == member.key:
                await club_rows.resolve_claim(tx, old.claim_id, "cancelled", at)
        if organiser:
            await add_club_record(tx, caller, ClubRecord(member.key, "link", person.key), at)
            version = await _name_claimed(tx, caller, person.user_id, member.name, at)
        else:
            made = await club_rows.add_claim(tx, caller.chat_id, person_key=member.key, name=member.name,
                                             user_id=person.user_id, display_name=person.display_name, at=at)
            await history.append(tx, chat_id=caller.chat_id, actor=caller.actor_key, kind="club.claim_made",
                                 at=at, details={"claim": made, "person": member.key, "user_id": person.user_id})
    if not organiser:
        return ClubClaimResult(member, person.display_name, False)
    _remember(services, person.user_id, member.name, version)
    return ClubClaimResult(member, person.display_name, True)


async def approve_club_claim(services: Services, caller: Caller, name: str) -> ClubClaimResult:
    """An organiser confirms the claim waiting on the club's person called ``name``."""
    await services.roles.require(caller, Role.ORGANISER)
    at = services.clock()
    async with services.storage.transaction(claim=caller.claim) as tx:
        club = await load_club(services, tx, caller.chat_id)
        member = club.find(name)
        if member.linked:
            raise AlreadyLinkedError(name=member.name)
        waiting = [found for found in await club_rows.open_claims(tx, caller.chat_id)
                   if club.identity.member(found.person_key) == member.key]
        if not waiting:
            raise NoClubClaimError(name=member.name)
        claim = waiting[-1]
        await add_club_record(tx, caller, ClubRecord(member.key, "link", account_key(claim.user_id)), at)
        await club_rows.resolve_claim(tx, claim.claim_id, "accepted", at)
        version = await _name_claimed(tx, caller, claim.user_id, member.name, at)
    _remember(services, claim.user_id, member.name, version)
    return ClubClaimResult(member, claim.display_name, True)


async def _name_claimed(tx: Tx, caller: Caller, user_id: int, name: str, at: datetime) -> int | None:
    """The name claimed becomes the claimer's when they never chose one; the names' new version, or ``None``.

    As ``bot.services.names.name_claimed`` decides, recorded in the history."""
    version = await name_claimed(tx, user_id, name, at)
    if version is not None:
        await history.append(tx, chat_id=caller.chat_id, actor=caller.actor_key, kind="person.named", at=at,
                             details={"user_id": user_id, "name": name, "by": "claim"})
    return version


def _remember(services: Services, user_id: int, name: str, version: int | None) -> None:
    if version is not None:
        services.names.remember(user_id, name, version)
