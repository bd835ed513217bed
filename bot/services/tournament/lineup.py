"""``/substitute <player> <reserve>`` (替补上场): after the draw, a reserve plays for a member of a pair who cannot.

Organisers only. The reserve is one the draw left out (``/entries`` lists them) or a single on the waiting list
(that entry leaves the list). The pair keeps its number, its place in the bracket (or in a Swiss tournament or group
stage before its knockout: its tables, read back with the pair as it is now) and its results
(``bot.tournament.lineup.substitute``); the history records who left and who came in (``team.substituted``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.services.tournament.points_stage import load_points_stage
from bot.services.tournament.state import TournamentState, changing
from bot.tournament import lineup as engine
from bot.tournament.entries import Entry, EntryStatus, Person
from bot.tournament.lineup import AlreadyPlayingError, NotAReserveError, NotInAPairError
from bot.tournament.names import name_key
from bot.tournament.teams import Team
from storage import tournament_bracket


@dataclass(frozen=True, slots=True)
class Substituted:
    state: TournamentState
    team: Team
    """The pair as it is now."""
    leaving: Person
    reserve: Person


def _named(people: list[Person], name: str) -> Person | None:
    wanted = name_key(name)
    return next((person for person in people if name_key(person.name) == wanted), None)


async def substitute(services: Services, caller: Caller, leaving_name: str, reserve_name: str) -> Substituted:
    async with changing(services, caller, required=Role.ORGANISER) as change:
        state = change.before
        points = state.points_stage is not None and state.bracket is None  # a Swiss tournament or group stage
        bracket = None if points else state.require_bracket()
        people = state.people()
        playing = [key for team in state.teams for key in team.members] if bracket is None \
            else list(bracket.frame.member_teams)
        players = [people.get(key, Person(key, key)) for key in playing]
        leaving = _named(players, leaving_name)
        if leaving is None:
            raise NotInAPairError(name=leaving_name)
        waiting: list[Entry] = [entry for entry in state.registration.waiting if entry.is_single]
        reserve = _named(list(state.reserves), reserve_name)
        from_list = None
        if reserve is None:
            from_list = next((entry for entry in waiting if name_key(entry.members[0].name) == name_key(reserve_name)),
                             None)
            if from_list is None:
                names = [person.name for person in state.reserves] + [entry.name for entry in waiting]
                raise NotAReserveError(name=reserve_name, reserves=tuple(names))
            reserve = from_list.members[0]
        tid = state.tournament_id
        if bracket is not None:
            lineup = engine.substitute(bracket, state.reserves, people, leaving.key, reserve)
            assert lineup.team is not None
            team, reserves = lineup.team, lineup.reserves
        else:
            if reserve.key in playing:
                raise AlreadyPlayingError(name=reserve.name)
            pair = next(team for team in state.teams if leaving.key in team.members)
            team, reserves = engine.substituted(pair, state.reserves, people, leaving.key, reserve)
        await tournament_bracket.replace_team(change.tx, tid, team)
        if reserves != state.reserves:
            await tournament_bracket.replace_reserves(change.tx, tid, reserves)
        registration = state.registration
        if from_list is not None:
            left = replace(from_list, status=EntryStatus.WITHDRAWN)
            registration = replace(registration, entries=tuple(left if entry.entry_id == from_list.entry_id else entry
                                                               for entry in registration.entries))
        if bracket is not None:
            change.after = replace(state, registration=registration, bracket=lineup.bracket,
                                   teams=lineup.bracket.teams, reserves=reserves)
        else:
            # The points stage is read back from its stored tables with the pair as it is now (its results kept).
            teams = tuple(team if other.team_id == team.team_id else other for other in state.teams)
            stage = await load_points_stage(change.tx, state.record, teams, closed=False)
            change.after = replace(state, registration=registration, teams=teams, points_stage=stage, reserves=reserves)
        change.record("team.substituted", {"team": team.team_id, "out": leaving.key, "out_name": leaving.name,
                                           "in": reserve.key, "in_name": reserve.name, "name": team.name})
    return Substituted(change.current, team, leaving, reserve)
