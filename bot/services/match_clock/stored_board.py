"""The match clock's view of the tournaments in storage.

A :class:`~bot.services.match_clock.board.TournamentBoard` over the tournament layer's loaded states
(``bot.services.tournament.state``, cached by version).

A Swiss or groups tournament counts its rounds as the chat does: the points stage's rounds first, then the
knockout after the groups (its round ``r`` is round ``points-stage rounds + r``), so a schedule can name every round.

How a round is posted is the presenters' business: the board is given that renderer
(``bot.presenters.tournament_tables.round_text``) when it is built, and only calls it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from zoneinfo import ZoneInfo

from bot.i18n import Language
from bot.services.match_clock.board import BoardPair, BoardTable, BoardTournament
from bot.services.tournament.state import TournamentCache, TournamentState, load_state
from bot.tournament.bracket import Bracket
from bot.tournament.bracket_layout import bracket_size, round_count
from bot.tournament.entries import account_id
from bot.tournament.matches import MatchState
from bot.tournament.points_stage import PointsStage
from bot.tournament.record import TournamentRecord
from bot.tournament.teams import Team
from storage import Tx, tournaments

RoundPoster = Callable[[TournamentState, int, Language], str]
"""A round's tables as the tournament layer posts a round that starts (HTML, in a chat's language)."""


def completed_rounds(bracket: Bracket | None) -> int:
    """Rounds whose every match is decided (a round starts when the one before it completes)."""
    if bracket is None:
        return 0
    return bracket.current_round - (1 if bracket.open_matches else 0)


def _account_ids(team: Team | None) -> frozenset[int]:
    if team is None:
        return frozenset()
    return frozenset(user_id for user_id in map(account_id, team.members) if user_id is not None)


def _pair(team: Team | None) -> BoardPair:
    return BoardPair("?" if team is None else team.name, _account_ids(team))


def _points_rounds(state: TournamentState) -> tuple[int | None, int]:
    """Rounds in all (``None`` while unknown) and rounds completed, counting a points stage's rounds first."""
    stage, bracket = state.points_stage, state.bracket
    if stage is None:
        return (None if bracket is None else bracket.rounds), completed_rounds(bracket)
    done = sum(1 for number in range(1, len(stage.tables) + 1)
               if all(match.state.decided for match in stage.table_matches(number)))
    later = 0
    group_stage = stage.groups
    if bracket is not None:
        later = bracket.rounds
    elif group_stage is not None and group_stage.advance:
        later = round_count(bracket_size(len(group_stage.groups) * group_stage.advance))
    return stage.rounds + later, done + completed_rounds(bracket)


def _stage_round(state: TournamentState, round_number: int) -> tuple[PointsStage | Bracket | None, int]:
    """Where round ``round_number`` (as the clock counts) is played, and its number there."""
    stage, bracket = state.points_stage, state.bracket
    if stage is not None and round_number <= stage.rounds:
        return stage, round_number
    if stage is not None:
        return bracket, round_number - stage.rounds
    return bracket, round_number


def board_tournament(state: TournamentState) -> BoardTournament:
    record, settings = state.record, state.record.settings
    rounds, completed = _points_rounds(state)
    return BoardTournament(
        tournament_id=record.tournament_id, chat_id=record.chat_id, name=record.name,
        zone=ZoneInfo(settings.timezone),
        time_limit=None if settings.time_limit is None else timedelta(minutes=settings.time_limit),
        tie_break=settings.variant().tie_break,
        remind=timedelta(minutes=settings.remind),
        checkin_grace=None if settings.checkin is None else timedelta(minutes=settings.checkin),
        rounds=rounds,
        completed_rounds=completed,
        finished=not record.status.is_open,
    )


class StoredTournamentBoard:
    """The :class:`~bot.services.match_clock.board.TournamentBoard` of the tournaments in storage."""

    def __init__(self, cache: TournamentCache, post_round: RoundPoster) -> None:
        self._cache = cache
        self._post_round = post_round

    async def _state(self, tx: Tx, record: TournamentRecord | None) -> TournamentState | None:
        return None if record is None else await load_state(tx, self._cache, record)

    async def open_in_chat(self, tx: Tx, chat_id: int) -> BoardTournament | None:
        state = await self._state(tx, await tournaments.open_tournament(tx, chat_id))
        return None if state is None else board_tournament(state)

    async def get(self, tx: Tx, tournament_id: int) -> BoardTournament | None:
        state = await self._state(tx, await tournaments.get_tournament(tx, tournament_id))
        return None if state is None else board_tournament(state)

    async def tables(self, tx: Tx, tournament_id: int, round_number: int) -> tuple[BoardTable, ...] | None:
        state = await self._state(tx, await tournaments.get_tournament(tx, tournament_id))
        if state is None:
            return None
        stage, number = _stage_round(state, round_number)
        if stage is None or not 1 <= number <= len(stage.tables):
            return None
        return tuple(
            BoardTable(match.table, _pair(match.left), _pair(match.right), match.state.open)
            for match in stage.table_matches(number) if match.table is not None)

    async def round_posting(self, tx: Tx, tournament_id: int, round_number: int, language: Language) -> str | None:
        """The round's tables as the tournament layer posts a round that starts (byes and walkovers included)."""
        state = await self._state(tx, await tournaments.get_tournament(tx, tournament_id))
        if state is None:
            return None
        stage, number = _stage_round(state, round_number)
        if stage is None or not 1 <= number <= len(stage.tables):
            return None
        if isinstance(stage, PointsStage) and stage.table_matches(number) and \
                stage.table_matches(number)[0].state is MatchState.WAITING:
            return None  # a group round not started yet: posted when the round before completes
        return self._post_round(state, round_number, language)
