"""Sign-up before the draw: ``/signup`` (every form), ``/accept``, ``/withdraw``.

Consent: a player signs up only themself. Playing with a partner who has an account is an invitation that the
partner accepts (``/accept`` or the button), which is also when the partner's user id becomes known if they were
invited by @username. Organisers may enter people without an account by name (``Person.named``), never an account.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.errors import TournamentError, UsageError
from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.services.season import with_club_defaults
from bot.services.tournament.pair_changes import enter_late
from bot.services.tournament.state import Change, TournamentState, changing
from bot.tournament import registration as engine
from bot.tournament.entries import Entry, EntryStatus, Gender, RegistrationMode, account_key
from bot.tournament.entries import Person as Player
from bot.tournament.names import clean_unit, fit_name, name_key
from bot.tournament.people import Invitation, InvitationStatus
from bot.tournament.registration import (
    AlreadyDrawnError,
    DuplicateEntryError,
    NotEnteredError,
    RegistrationClosedError,
    RegistrationState,
    SamePersonTwiceError,
    WrongModeError,
)
from storage import tournament_people, users


class SignUpAsYourselfError(TournamentError):
    """A post made on behalf of the group (anonymous administrator, channel) cannot sign anyone up as a player."""

    key = "signup.as_yourself"


class NoInvitationError(TournamentError):
    key = "signup.no_invitation"


class WhichInvitationError(UsageError):
    key = "signup.which_invitation"


class InvitationGoneError(TournamentError):
    key = "signup.invitation_gone"


class NotYourInvitationError(TournamentError):
    key = "signup.not_your_invitation"


class PartnerIsBotError(UsageError):
    key = "signup.partner_is_bot"


class NoEntryNamedError(TournamentError):
    key = "signup.no_entry_named"


class AmbiguousNameError(TournamentError):
    key = "signup.ambiguous_name"


@dataclass(frozen=True, slots=True)
class Partner:
    """Who ``/signup @partner`` (or a reply) invites: a known user, or an @username not seen yet."""

    user_id: int | None
    username: str | None
    name: str
    is_bot: bool = False


@dataclass(frozen=True, slots=True)
class SignUpRequest:
    """One of the forms of ``/signup``.

    The caller alone (with a gender in mixed mode), the caller with an invited ``partner``, or an organiser entering
    ``names`` (one or two people without an account, of ``unit``)."""

    gender: Gender | None = None
    partner: Partner | None = None
    names: tuple[str, ...] = ()
    unit: str | None = None


@dataclass(frozen=True, slots=True)
class SignedUp:
    state: TournamentState
    entry: Entry
    by_organiser: bool = False
    late_from_round: int | None = None
    """A pair entered after the draw of a Swiss tournament: the first round it is paired in."""

    @property
    def waiting_position(self) -> int | None:
        return self.state.registration.waiting_position(self.entry.entry_id)


@dataclass(frozen=True, slots=True)
class Invited:
    state: TournamentState
    invitation: Invitation


def _player(caller: Caller, gender: Gender | None = None, unit: str | None = None) -> Player:
    if caller.person is None:
        raise SignUpAsYourselfError()
    return Player.account(caller.person.user_id, caller.person.display_name, gender=gender, unit=unit)


def _require_open(state: TournamentState) -> None:
    if state.registration.state is not RegistrationState.OPEN:
        raise RegistrationClosedError()


def _entered(state: TournamentState, key: str) -> Entry | None:
    try:
        return state.registration.entry_of(key)
    except NotEnteredError:
        return None


async def sign_up(services: Services, caller: Caller, request: SignUpRequest, *,
                  tournament_id: int | None = None) -> SignedUp | Invited:
    """``tournament_id``: the tournament a sign-up button was made for (a stale button changes nothing)."""
    if request.names:
        return await _sign_up_names(services, caller, request)
    if request.partner is not None:
        return await _invite(services, caller, request.partner, clean_unit(request.unit))
    player = _player(caller, request.gender, request.unit)
    async with changing(services, caller, expected=tournament_id) as change:
        [player] = await with_club_defaults(change.tx, caller.chat_id, [player])
        registration, entry = engine.sign_up_single(change.before.registration, player)
        await _cancel_invitations_of(change, caller, "signed_up")
        change.after = replace(change.before, registration=registration)
        change.record("entry.signed_up", _entry_details(entry))
    return SignedUp(change.current, _current_entry(change.current, entry))


async def _sign_up_names(services: Services, caller: Caller, request: SignUpRequest) -> SignedUp:
    """An organiser signs up people by name.

    Others are refused before the names are read, and the transaction decides again."""
    await services.roles.require(caller, Role.ORGANISER)
    people = [Player.named(name, gender=request.gender, unit=request.unit) for name in request.names]
    async with changing(services, caller, required=Role.ORGANISER) as change:
        people = await with_club_defaults(change.tx, caller.chat_id, people)
        if change.before.registration.state is RegistrationState.DRAWN:
            entry, late = await enter_late(change, people)
            return SignedUp(change.current, entry, by_organiser=True, late_from_round=late.from_round)
        if len(people) == 2:
            registration, entry = engine.sign_up_pair(change.before.registration, people[0], people[1])
        else:
            registration, entry = engine.sign_up_single(change.before.registration, people[0])
        change.after = replace(change.before, registration=registration)
        change.record("entry.signed_up", _entry_details(entry) | {"by_organiser": True})
    return SignedUp(change.current, _current_entry(change.current, entry), by_organiser=True)


def _current_entry(state: TournamentState, entry: Entry) -> Entry:
    return state.registration.entry(entry.entry_id)


def _entry_details(entry: Entry) -> dict[str, object]:
    return {"entry": entry.entry_id, "members": list(entry.person_keys), "names": entry.name,
            "status": entry.status.value}


async def _invite(services: Services, caller: Caller, partner: Partner, unit: str | None) -> Invited:
    """An invitation to ``partner``; ``unit``: the pair's, kept with the invitation until it is accepted."""
    inviter = _player(caller)
    inviter_id = caller.user_id
    assert inviter_id is not None  # _player refuses posts made on behalf of a chat
    if partner.is_bot:
        raise PartnerIsBotError()
    if partner.user_id is None and partner.username is not None:
        async with services.storage.read() as tx:
            seen = await users.find_by_username(tx, partner.username)
        if seen is not None:
            partner = Partner(seen.user_id, seen.username, services.names.of(seen.user_id) or seen.display_name)
    invitee_name = fit_name(partner.name, f"#{partner.user_id}")
    async with changing(services, caller) as change:
        state = change.before
        _require_open(state)
        if state.registration.mode is RegistrationMode.MIXED:
            raise WrongModeError()
        if partner.user_id == inviter_id:
            raise SamePersonTwiceError(name=inviter.name)
        if _entered(state, inviter.key) is not None:
            raise DuplicateEntryError(name=inviter.name)
        if partner.user_id is not None and _entered(state, account_key(partner.user_id)) is not None:
            raise DuplicateEntryError(name=invitee_name)
        await _cancel_invitations_of(change, caller, "replaced", only_sent=True)
        invitation = await tournament_people.add_invitation(
            change.tx, state.tournament_id, inviter_user_id=inviter_id,
            inviter_name=inviter.name, invitee_user_id=partner.user_id, invitee_username=partner.username,
            invitee_name=invitee_name, at=change.at, unit=unit,
        )
        change.record("invitation.sent", {"invitation": invitation.invitation_id, "to_user": partner.user_id,
                                          "to_username": partner.username, "unit": unit})
    return Invited(change.current, invitation)


async def _cancel_invitations_of(change: Change, caller: Caller, reason: str, *, only_sent: bool = False,
                                 keep: int | None = None) -> list[Invitation]:
    """Close the open invitations the caller sent (and, unless ``only_sent``, received)."""
    if caller.person is None:
        return []
    user_id, username = caller.person.user_id, caller.person.username
    cancelled = []
    for invitation in await tournament_people.open_invitations(change.tx, change.before.tournament_id):
        concerned = invitation.inviter_user_id == user_id or (
            not only_sent and invitation.addressed_to(user_id, username))
        if concerned and invitation.invitation_id != keep:
            await tournament_people.resolve_invitation(change.tx, invitation.invitation_id,
                                                       InvitationStatus.CANCELLED, change.at)
            change.record("invitation.cancelled", {"invitation": invitation.invitation_id, "reason": reason})
            cancelled.append(invitation)
    return cancelled


@dataclass(frozen=True, slots=True)
class Accepted:
    state: TournamentState
    entry: Entry
    invitation: Invitation

    @property
    def waiting_position(self) -> int | None:
        return self.state.registration.waiting_position(self.entry.entry_id)


async def accept(services: Services, caller: Caller, *, inviter_username: str | None = None,
                 invitation_id: int | None = None, tournament_id: int | None = None) -> Accepted:
    """The caller accepts an invitation addressed to them.

    The one named by id (a button), the one from ``@inviter_username``, or the only one they have."""
    person = caller.person
    if person is None:
        raise SignUpAsYourselfError()
    async with changing(services, caller, expected=tournament_id) as change:
        _require_open(change.before)
        waiting = await tournament_people.open_invitations(change.tx, change.before.tournament_id)
        mine = [invitation for invitation in waiting if invitation.addressed_to(person.user_id, person.username)]
        for other in waiting:
            if other.invitation_id == invitation_id and other not in mine:
                raise NotYourInvitationError(name=other.invitee_name)
        invitation = await _choose(change, mine, inviter_username, invitation_id)
        # The unit the invitation was sent with is the pair's: both members', as with ``/signup 张三 李四 unit=…``.
        inviter = Player.account(invitation.inviter_user_id, invitation.inviter_name, unit=invitation.unit)
        invitee = _player(caller, unit=invitation.unit)
        registration, entry = engine.sign_up_pair(change.before.registration, inviter, invitee)
        await tournament_people.resolve_invitation(change.tx, invitation.invitation_id, InvitationStatus.ACCEPTED,
                                                   change.at, invitee_user_id=person.user_id)
        change.record("invitation.accepted", {"invitation": invitation.invitation_id, "by_user": person.user_id})
        for other in await tournament_people.open_invitations(change.tx, change.before.tournament_id):
            if other.involves(invitation.inviter_user_id, None) or other.involves(person.user_id, person.username):
                await tournament_people.resolve_invitation(change.tx, other.invitation_id,
                                                           InvitationStatus.CANCELLED, change.at)
                change.record("invitation.cancelled", {"invitation": other.invitation_id, "reason": "partnered"})
        change.after = replace(change.before, registration=registration)
        change.record("entry.signed_up", _entry_details(entry))
    return Accepted(change.current, _current_entry(change.current, entry), invitation)


async def _choose(change: Change, mine: list[Invitation], inviter_username: str | None,
                  invitation_id: int | None) -> Invitation:
    if invitation_id is not None:
        found = next((invitation for invitation in mine if invitation.invitation_id == invitation_id), None)
        if found is None:
            raise InvitationGoneError()
        return found
    if inviter_username is not None:
        seen = await users.find_by_username(change.tx, inviter_username)
        mine = [invitation for invitation in mine if seen is not None and invitation.inviter_user_id == seen.user_id]
    if not mine:
        raise NoInvitationError()
    if len(mine) > 1:
        raise WhichInvitationError(names=tuple(invitation.inviter_name for invitation in mine))
    return mine[0]


@dataclass(frozen=True, slots=True)
class Withdrawn:
    state: TournamentState
    entry: Entry | None
    """``None`` when the caller had no entry and only open invitations were cancelled."""
    promoted: tuple[Entry, ...] = ()
    cancelled_invitations: int = 0


async def withdraw(services: Services, caller: Caller, name: str | None = None) -> Withdrawn:
    """The caller's own entry (or pending invitations); with ``name``, an organiser withdraws that entry."""
    required = Role.ORGANISER if name is not None else None
    async with changing(services, caller, required=required) as change:
        state = change.before
        if state.registration.state is RegistrationState.DRAWN:
            raise AlreadyDrawnError()
        if name is None:
            entry = _entered(state, _player(caller).key)
            if entry is None:
                cancelled = await _cancel_invitations_of(change, caller, "withdrawn", only_sent=True)
                if not cancelled:
                    raise NotEnteredError()
                return Withdrawn(state, None, (), len(cancelled))
        else:
            entry = _entry_named(state, name)
        registration = engine.withdraw(state.registration, entry.entry_id)
        change.after = replace(state, registration=registration)
        change.record("entry.withdrawn", {"entry": entry.entry_id, "names": entry.name})
    promoted = tuple(
        after for before, after in zip(state.registration.entries, registration.entries, strict=True)
        if before.status is EntryStatus.WAITING and after.status is EntryStatus.ACTIVE
    )
    return Withdrawn(change.current, _current_entry(change.current, entry), promoted)


def _entry_named(state: TournamentState, name: str) -> Entry:
    """The current entry with a member called ``name`` (any case or width); a number is an entry number."""
    wanted = name_key(name)
    current = [entry for entry in state.registration.entries if entry.is_current]
    found = [entry for entry in current if any(name_key(person.name) == wanted for person in entry.members)]
    if not found and name.isascii() and name.isdigit():
        found = [entry for entry in current if entry.entry_id == int(name)]
    if not found:
        raise NoEntryNamedError(name=name)
    if len(found) > 1:
        raise AmbiguousNameError(name=name, numbers=tuple(f"#{entry.entry_id}" for entry in found))
    return found[0]

