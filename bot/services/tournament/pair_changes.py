"""Pairs who leave, arrive late or change places after the draw of a Swiss tournament.

* ``/withdraw <name or number>`` (an organiser for any pair, a member for their own): the pair is not paired from the
  next round on; its played results stay. Its table of the current round, if undecided, is a walkover for the
  opponents (which may complete the round: the next one is paired without the pair). ``/reinstate`` takes it back
  from the next round paired. The rows (``storage.tournament_points``: ``event_pairs``) hold who is out now; the history
  records each step.
* An organiser's ``/signup`` of a pair by name after the draw enters it late: paired from the next round not yet
  paired (the bot pairs a round the moment the one before is decided, so a pair entered during round 1 plays from
  round 2), with 0 points for the rounds it missed; last in the lot. Refused in groups and knockouts.
* ``/swap <pair> <pair>`` (organisers): two pairs exchange their places in the current round while neither table has
  a report or result; a rematch or a table of one unit it makes is named and waits for ``… confirm``.

In a group stage (round robin: the pairs of every round are fixed by the draw) ``/withdraw`` decides every table of
the pair not yet played as a walkover for its opponents — the current round's as above, the later rounds' at once —
and marks it withdrawn: last in its group, never going on to the knockout; ``/set withdrawn_results void`` makes
every result against it in the stage count for nobody (``bot.tournament.round_robin``). ``/reinstate`` there puts
its tables of the rounds not started back to be played. Both are refused once the group stage is over. Knockouts
refuse the three, and groups late pairs and swaps, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.errors import TournamentError
from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import NotOrganiser, Role
from bot.services.tournament.results import ResultRecorded, apply_points_result
from bot.services.tournament.state import Change, TournamentState, changing
from bot.tournament import registration as engine_entries
from bot.tournament import results as engine
from bot.tournament.bracket import MatchId
from bot.tournament.entries import Entry, Person, common_unit
from bot.tournament.matches import Match
from bot.tournament.names import name_key
from bot.tournament.outcome import Outcome
from bot.tournament.points_stage import PointsStage, forfeit_unplayed, restore_unplayed
from bot.tournament.registration import RegistrationState
from bot.tournament.round_robin import GroupStageOverError, group_label, reinstate_group_pair, withdraw_group_pair
from bot.tournament.swiss import (
    PairingFlaw,
    SwapHasResultError,
    add_late_pair,
    reinstate_pair,
    swap_pairs,
    withdraw_pair,
)
from bot.tournament.teams import Actor, Team
from storage import tournament_points as rows

WITHDRAWAL_ACTOR = "official:withdrawal"
"""Who decides the walkover of a withdrawn pair's table (the organiser's own seat at it must not matter)."""


class SwissOnlyError(TournamentError):
    """Withdrawals, late pairs and swaps after the draw are a Swiss tournament's (a round robin's pairs are fixed)."""

    key = "pair_changes.swiss_only"


class NoPairNamedError(TournamentError):
    key = "pair_changes.no_pair"


class AmbiguousPairError(TournamentError):
    key = "pair_changes.ambiguous"


class AlreadyWithdrawnError(TournamentError):
    key = "pair_changes.already_withdrawn"


class NotWithdrawnError(TournamentError):
    key = "pair_changes.not_withdrawn"


class NoRoundLeftError(TournamentError):
    """Every round is paired: a late pair would play none."""

    key = "pair_changes.no_round_left"


class LatePairNeedsTwoError(TournamentError):
    """A late entry is a pair: singles were paired by lot at the draw."""

    key = "pair_changes.late_needs_pair"


@dataclass(frozen=True, slots=True)
class PairChanged:
    """What happened.

    ``kind`` withdrawn / reinstated / joined / swapped / swap_pending; the pairs concerned; the round from which it
    counts; a walkover it decided (with the round it completed, posted as any result)."""

    state: TournamentState
    kind: str
    teams: tuple[Team, ...]
    from_round: int
    walkover: ResultRecorded | None = None
    flaws: tuple[tuple[int, PairingFlaw], ...] = ()
    """A swap: (table, flaw) of the tables it makes that break a pairing rule."""
    unplayed: int | None = None
    """A group stage: the pair's tables decided as walkovers by its withdrawal, or given back by its return (``None``
    in a Swiss tournament)."""
    group: str = ""
    """A group stage: the pair's group letter."""


def _swiss(state: TournamentState) -> PointsStage:
    stage = state.points_stage
    if stage is None or stage.swiss is None or state.bracket is not None:
        raise SwissOnlyError(format=state.record.settings.format.value)
    return stage


def _withdrawable(state: TournamentState) -> PointsStage:
    """A Swiss tournament, or a group stage whose knockout is not drawn (the group stage's own check follows)."""
    stage = state.points_stage
    if stage is not None and state.bracket is not None:
        raise GroupStageOverError()
    if stage is None:
        raise SwissOnlyError(format=state.record.settings.format.value)
    return stage


def team_named(state: TournamentState, stage: PointsStage, text: str) -> Team:
    """The pair with a member called ``text`` (any case or width), or the pair's entry number."""
    wanted = name_key(text)
    found = [team for team in stage.teams
             if name_key(team.name) == wanted
             or any(name_key(state.name_of(key) or "") == wanted for key in team.members)]
    if not found and text.isascii() and text.isdigit():
        entries = [entry for entry in state.registration.entries if entry.entry_id == int(text)]
        keys = set(entries[0].person_keys) if entries else set()
        found = [team for team in stage.teams if keys and keys <= set(team.members)]
    if not found:
        raise NoPairNamedError(name=text)
    if len(found) > 1:
        raise AmbiguousPairError(name=text, pairs=" / ".join(team.name for team in found))
    return found[0]


def _open_table_of(stage: PointsStage, team: Team) -> Match | None:
    for match in stage.table_matches():
        if not match.state.decided and team in (match.left, match.right):
            return match
    return None


async def withdraw_after_draw(services: Services, caller: Caller, name: str | None) -> PairChanged:
    """``/withdraw`` after the draw of a Swiss tournament: the caller's own pair, or (organisers) the pair named."""
    async with changing(services, caller, with_roles=True) as change:
        state = change.before
        stage = _withdrawable(state)
        team = _caller_team(state, stage, caller) if name is None else team_named(state, stage, name)
        if Role.ORGANISER not in change.roles and caller.actor_key not in team.members:
            raise NotOrganiser()
        if team.team_id in stage.withdrawn:
            raise AlreadyWithdrawnError(name=team.name)
        unplayed: int | None = None
        group = ""
        details: dict[str, object] = {}
        if stage.swiss is not None:
            stage = stage.with_swiss(withdraw_pair(stage.swiss, team.team_id))
            from_round = len(stage.tables) + 1
        else:
            group_stage = stage.groups
            assert group_stage is not None
            rule = state.record.settings.withdrawn_results
            stage = stage.with_groups(withdraw_group_pair(group_stage, team.team_id, rule))
            from_round = stage.current_round + 1
            open_table = _open_table_of(stage, team)
            stage, decided = forfeit_unplayed(stage, team, WITHDRAWAL_ACTOR, change.at, state.record.settings.variant())
            for done in decided:
                change.record(done.kind, dict(done.details))
            unplayed = len(decided) + (open_table is not None)
            group = _group_of(stage, team)
            details = {"results": rule.value, "unplayed": unplayed}
        await rows.set_withdrawn(change.tx, state.tournament_id, team.team_id, from_round)
        change.record("pair.withdrawn", {"team": team.team_id, "name": team.name, "from_round": from_round,
                                         **details})
        change.after = replace(state, points_stage=stage)
        walkover = await _walkover(change, stage, team)
    return PairChanged(change.current, "withdrawn", (team,), from_round, walkover, unplayed=unplayed, group=group)


def _group_of(stage: PointsStage, team: Team) -> str:
    group_stage = stage.groups
    assert group_stage is not None
    return next(group_label(index) for index, members in enumerate(group_stage.groups)
                if any(member.team_id == team.team_id for member in members))


def _caller_team(state: TournamentState, stage: PointsStage, caller: Caller) -> Team:
    for team in stage.teams:
        if caller.actor_key in team.members:
            return team
    raise NoPairNamedError(name=caller.actor_key)


async def _walkover(change: Change, stage: PointsStage, team: Team) -> ResultRecorded | None:
    """The opponents of a withdrawn pair win its undecided table of the current round by walkover."""
    match = _open_table_of(stage, team)
    if match is None:
        return None
    side = match.side_of(team.members[0])
    assert side is not None
    settings = change.before.record.settings
    result = engine.decide(stage, MatchId(match.match_id), Actor(WITHDRAWAL_ACTOR, True), Outcome.forfeit(side),
                           change.at, settings.variant())
    part = Change(change.tx, change.current, change.at, change.actor, change.roles)
    recorded = await apply_points_result(part, match, result)
    change.events.extend(part.events)
    change.after = part.current
    return recorded


async def reinstate_after_draw(services: Services, caller: Caller, name: str) -> PairChanged:
    """``/reinstate``: a withdrawn pair is paired again from the next round paired."""
    async with changing(services, caller, required=Role.ORGANISER) as change:
        state = change.before
        stage = _withdrawable(state)
        team = team_named(state, stage, name)
        if team.team_id not in stage.withdrawn:
            raise NotWithdrawnError(name=team.name)
        unplayed: int | None = None
        if stage.swiss is not None:
            from_round = len(stage.tables) + 1
            if from_round > stage.rounds:
                raise NoRoundLeftError(rounds=stage.rounds)
            stage = stage.with_swiss(reinstate_pair(stage.swiss, team.team_id))
        else:
            group_stage = stage.groups
            assert group_stage is not None
            from_round = stage.current_round + 1
            stage = stage.with_groups(reinstate_group_pair(group_stage, team.team_id))
            if from_round > stage.rounds:
                raise NoRoundLeftError(rounds=stage.rounds)
            stage, unplayed = restore_unplayed(stage, team)
            # A table against a pair still withdrawn is that pair's walkover again, now for the one come back.
            for other in stage.teams:
                if other.team_id in stage.withdrawn:
                    stage, decided = forfeit_unplayed(stage, other, WITHDRAWAL_ACTOR, change.at,
                                                      state.record.settings.variant())
                    for done in decided:
                        change.record(done.kind, dict(done.details))
        await rows.set_withdrawn(change.tx, state.tournament_id, team.team_id, None)
        change.record("pair.reinstated", {"team": team.team_id, "name": team.name, "from_round": from_round})
        change.after = replace(state, points_stage=stage)
    return PairChanged(change.current, "reinstated", (team,), from_round, unplayed=unplayed)


async def enter_late(change: Change, people: list[Person]) -> tuple[Entry, PairChanged]:
    """An organiser's ``/signup`` of a pair by name after the draw, within the sign-up service's change."""
    state = change.before
    stage = _swiss(state)
    core = stage.swiss
    assert core is not None
    if len(people) != 2:
        raise LatePairNeedsTwoError()
    joined = len(stage.tables) + 1
    if joined > core.planned_rounds:
        raise NoRoundLeftError(rounds=core.planned_rounds)
    # Entered as if sign-up were open and without a capacity (the draw is made: a late pair always plays).
    opened = replace(state.registration, state=RegistrationState.OPEN, capacity=None)
    registration, entry = engine_entries.sign_up_pair(opened, people[0], people[1])
    registration = replace(registration, state=RegistrationState.DRAWN, capacity=state.registration.capacity)
    team_id = max((team.team_id for team in state.teams), default=0) + 1
    team = Team(team_id, entry.name, tuple(entry.person_keys), common_unit(entry.members))
    await rows.add_late_team(change.tx, state.tournament_id, team, joined)
    change.record("pair.joined", {"team": team_id, "name": team.name, "from_round": joined,
                                  "entry": entry.entry_id})
    change.after = replace(state, registration=registration, teams=(*state.teams, team),
                           points_stage=stage.with_swiss(add_late_pair(core, team)))
    return entry, PairChanged(change.current, "joined", (team,), joined)


async def swap(services: Services, caller: Caller, first: str, second: str, *, confirmed: bool) -> PairChanged:
    """``/swap``: two pairs exchange their places in the current round (nothing reported at either table yet).

    A rematch or one-unit table it makes waits for ``confirmed``."""
    async with changing(services, caller, required=Role.ORGANISER) as change:
        state = change.before
        stage = _swiss(state)
        core = stage.swiss
        assert core is not None
        teams = (team_named(state, stage, first), team_named(state, stage, second))
        for match in stage.table_matches():
            if any(team in (match.left, match.right) for team in teams) and (match.reports or match.games):
                raise SwapHasResultError(table=match.table or 0)
        swapped = swap_pairs(core, teams[0].team_id, teams[1].team_id)
        before_flaws = {(table.table, flaw) for table in core.current.tables for flaw in table.flaws}
        flaws = tuple(sorted((table.table, flaw) for table in swapped.current.tables for flaw in table.flaws
                             if (table.table, flaw) not in before_flaws))
        if flaws and not confirmed:
            return PairChanged(state, "swap_pending", teams, len(stage.tables), flaws=flaws)
        change.record("pairs.swapped", {"round": len(stage.tables), "first": teams[0].team_id,
                                        "second": teams[1].team_id})
        change.after = replace(state, points_stage=stage.with_swiss(swapped))
    return PairChanged(change.current, "swapped", teams, len(stage.tables), flaws=flaws)

