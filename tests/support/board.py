"""A tournament board held in memory: the match clock's view of tournaments without the tournament layer
(tests and the announcement benchmark script them directly)."""

from __future__ import annotations

import html
from dataclasses import replace
from datetime import timedelta
from zoneinfo import ZoneInfo

from bot.i18n import Language
from bot.ruleset.variants import TieBreak
from bot.services.match_clock.board import BoardPair, BoardTable, BoardTournament
from storage import Tx


class InMemoryBoard:
    def __init__(self) -> None:
        self.tournaments: dict[int, BoardTournament] = {}
        self.round_tables: dict[tuple[int, int], tuple[BoardTable, ...]] = {}

    def add(
        self, tournament_id: int, chat_id: int, name: str = "周五掼蛋赛", *, zone: str = "Asia/Shanghai",
        time_limit_minutes: int | None = None, tie_break: TieBreak = TieBreak.REACHED_FIRST,
        rounds: int | None = None, remind_minutes: int = 30, checkin_minutes: int | None = None,
    ) -> BoardTournament:
        tournament = BoardTournament(
            tournament_id=tournament_id, chat_id=chat_id, name=name, zone=ZoneInfo(zone),
            time_limit=None if time_limit_minutes is None else timedelta(minutes=time_limit_minutes),
            tie_break=tie_break, remind=timedelta(minutes=remind_minutes),
            checkin_grace=None if checkin_minutes is None else timedelta(minutes=checkin_minutes),
            rounds=rounds, completed_rounds=0, finished=False)
        self.tournaments[tournament_id] = tournament
        return tournament

    def change(self, tournament_id: int, **fields: object) -> BoardTournament:
        changed = replace(self.tournaments[tournament_id], **fields)  # type: ignore[arg-type]
        self.tournaments[tournament_id] = changed
        return changed

    def seat(self, tournament_id: int, round_number: int,
             *tables: tuple[tuple[str, frozenset[int]], tuple[str, frozenset[int]]]) -> None:
        """Tables 1, 2, ... of a round: each ((left name, left member ids), (right name, right member ids))."""
        self.round_tables[(tournament_id, round_number)] = tuple(
            BoardTable(number, BoardPair(*left), BoardPair(*right), open=True)
            for number, (left, right) in enumerate(tables, start=1))

    def close_table(self, tournament_id: int, round_number: int, table_number: int) -> None:
        self.round_tables[(tournament_id, round_number)] = tuple(
            replace(table, open=False) if table.table == table_number else table
            for table in self.round_tables[(tournament_id, round_number)])

    async def open_in_chat(self, tx: Tx, chat_id: int) -> BoardTournament | None:
        found = [item for item in self.tournaments.values() if item.chat_id == chat_id and not item.finished]
        return found[-1] if found else None

    async def get(self, tx: Tx, tournament_id: int) -> BoardTournament | None:
        return self.tournaments.get(tournament_id)

    async def tables(self, tx: Tx, tournament_id: int, round_number: int) -> tuple[BoardTable, ...] | None:
        return self.round_tables.get((tournament_id, round_number))

    async def round_posting(self, tx: Tx, tournament_id: int, round_number: int, language: Language) -> str | None:
        tables = self.round_tables.get((tournament_id, round_number))
        if tables is None:
            return None
        label = "桌" if language is Language.ZH else "Table"
        return "\n".join(
            f"{label} {table.table}: {html.escape(table.left.name)} — {html.escape(table.right.name)}"
            for table in tables)
