"""``/claim <name>``: a member an organiser entered by name links that name to their own account.

Until then nobody can report or confirm for that name except an official, so the bot asks the organisers, not the
name, to confirm. A member's claim waits for an organiser (the button under it, or ``/claim <name> confirm``); an
organiser's own claim links at once. Linking gives the member the account's key in their entry and, after the
draw, in their pair and the reserves (``bot.tournament.registration.link_account``, ``bot.tournament.lineup.relink``):
from then on they report and confirm as a player. The club links the name to the account for every tournament of the
group, past and future (``bot.season.identity``). A newer claim on the same name replaces an older one.

(A *name claim* here; the claim of an update, ``bot.claims``, is another thing.)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.errors import TournamentError
from bot.season.identity import ClubRecord
from bot.services import Services
from bot.services.caller import Caller
from bot.services.names import name_claimed
from bot.services.roles import Role
from bot.services.tournament.entries_edit import member_named
from bot.services.tournament.points_stage import load_points_stage
from bot.services.tournament.signup import SignUpAsYourselfError
from bot.services.tournament.state import Change, TournamentState, changing
from bot.tournament import registration as engine
from bot.tournament.entries import Person
from bot.tournament.lineup import relink, replace_team
from bot.tournament.people import NameClaim, NameClaimStatus
from bot.tournament.registration import AlreadyLinkedError, DuplicateEntryError
from storage import club, tournament_bracket, tournament_people


class NoNameClaimError(TournamentError):
    key = "name_claims.none_open"


class NameClaimGoneError(TournamentError):
    key = "name_claims.gone"


@dataclass(frozen=True, slots=True)
class NameClaimResult:
    state: TournamentState
    claim: NameClaim
    linked: bool
    """``True``: the name is the claimer's account now; ``False``: the claim waits for an organiser."""


async def claim(services: Services, caller: Caller, name: str) -> NameClaimResult:
    """The caller says they are the member called ``name``."""
    person = caller.person
    if person is None:
        raise SignUpAsYourselfError()
    async with changing(services, caller, with_roles=True) as change:
        state = change.before
        _, member = member_named(state, name)
        if member.has_account:
            raise AlreadyLinkedError(name=member.name)
        if person.key in {key for entry in state.registration.entries if entry.is_current
                          for key in entry.person_keys}:
            raise DuplicateEntryError(name=person.display_name)
        for old in await tournament_people.open_name_claims(change.tx, state.tournament_id):
            if old.person_key == member.key:
                await tournament_people.resolve_name_claim(change.tx, old.claim_id, NameClaimStatus.CANCELLED,
                                                           change.at)
                change.record("name_claim.cancelled", {"claim": old.claim_id, "reason": "replaced"})
        made = await tournament_people.add_name_claim(change.tx, state.tournament_id, person_key=member.key,
                                                 name=member.name, user_id=person.user_id,
                                                 display_name=person.display_name, at=change.at)
        change.record("name_claim.made", {"claim": made.claim_id, "member": member.key, "user_id": person.user_id})
        if Role.ORGANISER not in change.roles:
            return NameClaimResult(state, made, False)
        given = await _link(change, made)
    _remember(services, given)
    return NameClaimResult(change.current, made, True)


async def approve_claim(services: Services, caller: Caller, *, claim_id: int | None = None, name: str | None = None,
                        tournament_id: int | None = None) -> NameClaimResult:
    """An organiser confirms the open claim with ``claim_id`` (the button) or on the member called ``name``."""
    async with changing(services, caller, required=Role.ORGANISER, expected=tournament_id) as change:
        state = change.before
        waiting = await tournament_people.open_name_claims(change.tx, state.tournament_id)
        if claim_id is not None:
            found = next((open_claim for open_claim in waiting if open_claim.claim_id == claim_id), None)
            if found is None:
                raise NameClaimGoneError()
        else:
            _, member = member_named(state, name or "")
            found = next((open_claim for open_claim in waiting if open_claim.person_key == member.key), None)
            if found is None:
                raise NoNameClaimError(name=member.name)
        given = await _link(change, found)
    _remember(services, given)
    return NameClaimResult(change.current, found, True)


async def _relink_points(change: Change, state: TournamentState, old_key: str, new_key: str) -> TournamentState:
    """A Swiss or groups tournament after the draw.

    The claimed member's pair (stored once, read back into the points stage's tables with its results) and the reserves
    know the member by the account from now on; so does the knockout after the groups when the pair is in it."""
    reserves = tuple(Person(new_key, person.name, person.gender, person.unit) if person.key == old_key else person
                     for person in state.reserves)
    if reserves != state.reserves:
        await tournament_bracket.replace_reserves(change.tx, state.tournament_id, reserves)
    pair = next((team for team in state.teams if old_key in team.members), None)
    if pair is None:
        return replace(state, reserves=reserves)
    changed = replace(pair, members=tuple(new_key if key == old_key else key for key in pair.members))
    await tournament_bracket.replace_team(change.tx, state.tournament_id, changed)
    teams = tuple(changed if team.team_id == changed.team_id else team for team in state.teams)
    bracket = state.bracket
    if bracket is not None and old_key in bracket.frame.member_teams:
        bracket = replace_team(bracket, changed)
    stage = await load_points_stage(change.tx, state.record, teams, closed=bracket is not None)
    return replace(state, teams=teams, reserves=reserves, points_stage=stage, bracket=bracket)


@dataclass(frozen=True, slots=True)
class NameGiven:
    """A claim made the name claimed the claimer's own (:func:`~bot.services.names.name_claimed`)."""

    user_id: int
    name: str
    version: int


async def _link(change: Change, made: NameClaim) -> NameGiven | None:
    """Give the claimed member the claimer's account key and close the claim.

    The key goes into the entry list and, after the draw, into their pair and the reserves. The name claimed
    becomes the claimer's when they never chose one: returned, for the names in memory after the commit."""
    state = change.current
    account = Person.account(made.user_id, made.display_name)
    registration = engine.link_account(state.registration, made.person_key, account)
    after = replace(state, registration=registration)
    if state.points_stage is not None:
        after = await _relink_points(change, after, made.person_key, account.key)
    elif state.bracket is not None:
        lineup = relink(state.bracket, state.reserves, made.person_key, account.key)
        if lineup is not None:
            if lineup.team is not None:
                await tournament_bracket.replace_team(change.tx, state.tournament_id, lineup.team)
            if lineup.reserves != state.reserves:
                await tournament_bracket.replace_reserves(change.tx, state.tournament_id, lineup.reserves)
            after = replace(after, bracket=lineup.bracket, teams=lineup.bracket.teams, reserves=lineup.reserves)
    await tournament_people.resolve_name_claim(change.tx, made.claim_id, NameClaimStatus.ACCEPTED, change.at)
    # Once for all the group's tournaments, past and future: the club knows the name as this account from now on.
    await club.add_record(change.tx, state.record.chat_id, ClubRecord(made.person_key, "link", account.key),
                          actor=change.actor, at=change.at)
    change.after = after
    change.record("entry.claimed", {"claim": made.claim_id, "member": made.person_key, "account": account.key,
                                    "name": made.name})
    version = await name_claimed(change.tx, made.user_id, made.name, change.at)
    if version is None:
        return None
    change.record("person.named", {"user_id": made.user_id, "name": made.name, "by": "claim"})
    return NameGiven(made.user_id, made.name, version)


def _remember(services: Services, given: NameGiven | None) -> None:
    if given is not None:
        services.names.remember(given.user_id, given.name, given.version)
