"""``tournament.xlsx`` for ``/export``: the sheets entries, matches, standings and history of a tournament.

The entries and matches sheets hold exactly the rows of ``entries.csv`` and ``matches.csv``
(:mod:`bot.services.tournament.export`), the standings sheet the rows of the standings picture
(:func:`bot.services.tournament.pictures.standing_rows`), the history sheet the tournament's append-only history
with times in the tournament's time zone. The workbook is built in the worker thread (:mod:`bot.services.worker`).

The history sheet names people, never their keys or Telegram ids: an actor
``tg:<id>`` (or ``wecom:<n>``) is shown by the name the tournament knows (an entry's member, a reserve, a referee)
or the bot last saw, an anonymous administrator as such, person keys in details (``members``, alone or in lists,
``name:`` keys too) and user ids (``to_user``, ``by_user``, ``user_id``) as names too. Nobody needs an id there:
the draw file is what verification reads, and it keys accounts by a keyed hash.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any
from zoneinfo import ZoneInfo

from bot.i18n import Language, t
from bot.services import Services
from bot.services.tournament.export import entry_rows, standings_csv_rows, state_match_rows
from bot.services.tournament.pictures import standing_rows
from bot.services.tournament.state import TournamentState
from bot.services.worker import in_worker
from bot.sheets.standings import StandingRow
from bot.sheets.workbook import build_tournament_xlsx
from bot.tournament.entries import ACCOUNT_PREFIXES, account_id, account_key, is_person_key
from bot.tournament.points_stage import points_standings
from bot.tournament.standings import standings
from bot.tournament.teams import Event
from storage import Tx, history, tournament_people, users
from storage.history import HistoryEntry

WORKBOOK_NAME = "tournament.xlsx"


USER_ID_DETAILS = frozenset({"to_user", "by_user", "user_id"})
"""History details whose value is a Telegram user id."""


class PeopleNames:
    """Names for the person keys and user ids a tournament's history mentions."""

    def __init__(self, names: Mapping[str, str], lang: Language) -> None:
        self.names = dict(names)
        self.lang = lang

    def actor(self, actor: str) -> str:
        if actor.startswith(ACCOUNT_PREFIXES):
            return self.person(actor)
        if actor.startswith("chat:"):
            return t("sheets.history.anonymous_admin", self.lang)
        return actor  # "bot", "telegram", "unknown"

    def person(self, key: str) -> str:
        found = self.names.get(key)
        if found is not None:
            return found
        return t("sheets.history.someone", self.lang) if key.startswith(ACCOUNT_PREFIXES) else key

    def detail(self, name: str, value: object) -> str:
        if name in USER_ID_DETAILS and isinstance(value, int):
            return self.person(account_key(value))
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return " / ".join(self.person(item) for item in value)
        if isinstance(value, str):
            return self.person(value) if is_person_key(value) else value
        return json.dumps(value, ensure_ascii=False)


async def people_names(tx: Tx, state: TournamentState, stored: list[HistoryEntry], lang: Language) -> PeopleNames:
    """Every name the history may need.

    The tournament's people, its referees, and whoever else it names as the bot last saw them."""
    names = {person.key: person.name for entry in state.registration.entries for person in entry.members}
    names |= {person.key: person.name for person in state.reserves}
    for referee in await tournament_people.referees(tx, state.tournament_id):
        if referee.user_id is not None:
            names.setdefault(account_key(referee.user_id), referee.display_name)
    wanted = {key for entry in stored for key in (entry.actor, *(found for value in entry.details.values()
                                                                 for found in _keys_in(value)))
              if key.startswith(ACCOUNT_PREFIXES)}
    wanted |= {account_key(value) for entry in stored for name, value in entry.details.items()
               if name in USER_ID_DETAILS and isinstance(value, int)}
    for key in sorted(wanted - names.keys()):
        user_id = account_id(key)
        seen = await users.get_user(tx, user_id) if user_id is not None else None
        if seen is not None:
            names[key] = seen.display_name
    return PeopleNames(names, lang)


def history_event(entry: HistoryEntry, zone: ZoneInfo, names: PeopleNames) -> Event:
    """A stored history entry as a sheet row.

    Time in ``zone``, people by name, other detail values as text (JSON for numbers, as stored)."""
    at = entry.at.astimezone(zone) if entry.at.tzinfo is not None else entry.at
    details = {key: names.detail(key, value) for key, value in entry.details.items()}
    return Event(at, names.actor(entry.actor), entry.kind, details)


def _keys_in(value: Any) -> Iterator[str]:
    if isinstance(value, str) and is_person_key(value):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _keys_in(item)


async def tournament_workbook(services: Services, state: TournamentState, lang: Language,
                              sheet_language: Language | None = None) -> bytes:
    """The workbook's bytes; before the draw the matches and standings sheets have their header only.

    Headers and words in ``sheet_language`` when asked (``/export zh``), else the contract's English."""
    async with services.storage.read() as tx:
        stored = await history.for_tournament(tx, state.tournament_id)
        names = await people_names(tx, state, stored, lang)
    zone = ZoneInfo(state.record.settings.timezone)
    table = standing_rows(state, standings(state.bracket), lang) if state.bracket is not None else []
    if state.points_stage is not None:
        # A points stage's standings sheet: its rows with the points (the tie-break columns are in ranking).
        table = [StandingRow(row.rank, row.name, row.points, row.group or "")
                 for row in points_standings(state.points_stage)]
    return await in_worker(
        build_tournament_xlsx,
        entries=entry_rows(state),
        matches=state_match_rows(state),
        standings=table,
        history=[history_event(entry, zone, names) for entry in stored],
        title=state.record.name,
        language=sheet_language,
        ranking=standings_csv_rows(state),
    )
