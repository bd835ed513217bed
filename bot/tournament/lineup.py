"""Who plays for a pair after the draw.

A reserve comes in for a member who cannot play, a name becomes an account; and whether a draw can still be undone.

Rules (notice 002: 每对选手一旦参加比赛，中途不得换人 — a pair does not change during a match; a reserve, 替补, comes in
for a pair that cannot play before its next match): :func:`substitute` puts a reserve in place of one member of a
pair; the pair keeps its id, its draw line and every result, and takes the new members' names. The member who
leaves does not become a reserve. :func:`relink` gives a claimed member their account's key everywhere the pairs
and reserves name them. Both return a new :class:`~bot.tournament.bracket.Bracket` whose matches show the pair as
it now is. :func:`results_recorded` says whether a draw has any result yet (then it can no longer be undone).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from bot.errors import TournamentError
from bot.tournament.bracket import Bracket, BracketFrame
from bot.tournament.entries import Person, common_unit, team_name
from bot.tournament.matches import Match, MatchState
from bot.tournament.teams import Team


class NotInAPairError(TournamentError):
    key = "lineup.not_in_a_pair"


class NotAReserveError(TournamentError):
    key = "lineup.not_a_reserve"


class AlreadyPlayingError(TournamentError):
    """The one coming in plays in a pair already."""

    key = "lineup.already_playing"


class ResultsRecordedError(TournamentError):
    """A draw with results (or a later round started) cannot be undone."""

    key = "lineup.results_recorded"


@dataclass(frozen=True, slots=True)
class Lineup:
    """The pairs, the reserves and the bracket after a change of who plays."""

    bracket: Bracket
    reserves: tuple[Person, ...]
    team: Team | None
    """The pair as it is now (``None``: the change concerned a reserve only)."""


def results_recorded(bracket: Bracket) -> bool:
    """Whether anything was reported or decided at a table, or a round after the first has started."""
    if bracket.current_round > 1:
        return True
    return any(match is not None and (match.games or match.reports or match.state is not MatchState.PENDING)
               for match in bracket.store)


def team_of(bracket: Bracket, person_key: str) -> Team:
    """The pair ``person_key`` plays in; :class:`NotInAPairError` if none."""
    team_id = bracket.frame.member_teams.get(person_key)
    if team_id is None:
        raise NotInAPairError(name=person_key)
    return bracket.team(team_id)


def substitute(bracket: Bracket, reserves: tuple[Person, ...], people: Mapping[str, Person], leaving: str,
               reserve: Person) -> Lineup:
    """``reserve`` plays for the member ``leaving`` of their pair from now on.

    ``reserve`` (one of ``reserves``, or a person the caller took off the waiting list) plays for the member
    ``leaving`` of their pair from now on; ``people`` names every person by key (for the pair's new name)."""
    team = team_of(bracket, leaving)
    if reserve.key in bracket.frame.member_teams:
        raise AlreadyPlayingError(name=reserve.name)
    changed, remaining = substituted(team, reserves, people, leaving, reserve)
    return Lineup(replace_team(bracket, changed), remaining, changed)


def substituted(team: Team, reserves: tuple[Person, ...], people: Mapping[str, Person], leaving: str,
                reserve: Person) -> tuple[Team, tuple[Person, ...]]:
    """``team`` with ``reserve`` in place of ``leaving``, and the reserves without ``reserve``.

    The team keeps its id and gets its name and unit anew: the substitution itself, for a bracket's pair or a points
    stage's."""
    members = tuple(reserve if key == leaving else people.get(key, Person(key, key)) for key in team.members)
    changed = Team(team.team_id, team_name(members), tuple(person.key for person in members), common_unit(members))
    return changed, tuple(person for person in reserves if person.key != reserve.key)


def relink(bracket: Bracket, reserves: tuple[Person, ...], old_key: str, new_key: str) -> Lineup | None:
    """A member known as ``old_key`` is ``new_key`` from now on (a claimed name).

    ``None`` when they are neither in a pair nor a reserve."""
    renamed = tuple(Person(new_key, person.name, person.gender, person.unit) if person.key == old_key else person
                    for person in reserves)
    team_id = bracket.frame.member_teams.get(old_key)
    if team_id is None:
        return None if renamed == reserves else Lineup(bracket, renamed, None)
    team = bracket.team(team_id)
    changed = Team(team.team_id, team.name, tuple(new_key if key == old_key else key for key in team.members),
                   team.unit)
    return Lineup(replace_team(bracket, changed), renamed, changed)


def replace_team(bracket: Bracket, team: Team) -> Bracket:
    """``bracket`` with ``team`` in place of the pair with its id.

    In the draw, its lines and every stored match (whose results stay as they are)."""
    frame = bracket.frame
    ident = team.team_id

    def swapped(found: Team | None) -> Team | None:
        return team if found is not None and found.team_id == ident else found

    members = {key: owner for key, owner in frame.member_teams.items() if owner != ident}
    members.update({key: ident for key in team.members})
    teams = tuple(team if other.team_id == ident else other for other in frame.teams)
    lines = tuple(swapped(line) for line in frame.lines)
    changes = dict(_matches_with(bracket.store, ident, swapped))
    store = bracket.store.set_many(changes) if changes else bracket.store
    return Bracket(BracketFrame(frame.options, teams, frame.size, lines, members), store, bracket.tables,
                   bracket.current_round, bracket.open_matches)


def _matches_with(store: Iterable[Match | None], ident: int,
                  swapped: Callable[[Team | None], Team | None]) -> Iterable[tuple[int, Match]]:
    for index, match in enumerate(store):
        if match is None:
            continue
        if any(team is not None and team.team_id == ident for team in (match.left, match.right)):
            yield index, match._replace(left=swapped(match.left), right=swapped(match.right))
