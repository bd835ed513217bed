"""``tournament.xlsx`` for ``/export``: the sheets entries, matches, standings and history of a tournament.

The entries and matches sheets hold exactly the rows of ``entries.csv`` and ``matches.csv``
(:mod:`bot.services.tournament.export`), the standings sheet the rows of the standings picture
(:func:`bot.services.tournament.pictures.standing_rows`), the history sheet the tournament's append-only history
with times in the tournament's time zone and people by their names (not ``tg:1002``). The workbook is built in the
worker thread (:mod:`bot.services.worker`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any
from zoneinfo import ZoneInfo

from bot.i18n import Language
from bot.services import Services
from bot.services.tournament.export import entry_rows, match_rows
from bot.services.tournament.pictures import standing_rows
from bot.services.tournament.state import TournamentState
from bot.services.worker import in_worker
from bot.sheets.workbook import build_tournament_xlsx
from bot.tournament.entries import ACCOUNT_PREFIX, is_person_key
from bot.tournament.standings import standings
from bot.tournament.teams import Event
from storage import Tx, history, users
from storage.history import HistoryEntry

WORKBOOK_NAME = "tournament.xlsx"


def _named(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` with every person key in it (``tg:1002``, alone or in a list) replaced by the person's name."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_named(item, names) for item in value]
    return value


def history_event(entry: HistoryEntry, zone: ZoneInfo, names: Mapping[str, str] | None = None) -> Event:
    """A stored history entry as a sheet row: time in ``zone``, people by their ``names`` (keyed by person key),
    detail values as text (JSON for lists and numbers, as stored)."""
    names = names or {}
    at = entry.at.astimezone(zone) if entry.at.tzinfo is not None else entry.at
    details = {}
    for key, stored in entry.details.items():
        value = _named(stored, names)
        details[key] = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return Event(at, names.get(entry.actor, entry.actor), entry.kind, details)


def _keys_in(value: Any) -> Iterator[str]:
    if isinstance(value, str) and is_person_key(value):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _keys_in(item)


async def people_names(tx: Tx, state: TournamentState, stored: Iterable[HistoryEntry]) -> dict[str, str]:
    """The name of every person the history mentions: as entered in the tournament, else as the bot last saw the
    account; a key nobody knows stays a key."""
    names = {person.key: person.name for entry in state.registration.entries for person in entry.members}
    names |= {person.key: person.name for person in state.reserves}
    wanted = {key for entry in stored for key in (entry.actor, *(found for value in entry.details.values()
                                                                 for found in _keys_in(value)))}
    for key in sorted(wanted - names.keys()):
        if key.startswith(ACCOUNT_PREFIX) and key.removeprefix(ACCOUNT_PREFIX).isdecimal():
            seen = await users.get_user(tx, int(key.removeprefix(ACCOUNT_PREFIX)))
            if seen is not None:
                names[key] = seen.display_name
    return names


async def tournament_workbook(services: Services, state: TournamentState, lang: Language,
                              sheet_language: Language | None = None) -> bytes:
    """The workbook's bytes; before the draw the matches and standings sheets have their header only. Headers and
    words in ``sheet_language`` when asked (``/export zh``), else the contract's English."""
    async with services.storage.read() as tx:
        stored = await history.for_tournament(tx, state.tournament_id)
        names = await people_names(tx, state, stored)
    zone = ZoneInfo(state.record.settings.timezone)
    table = standing_rows(state, standings(state.bracket), lang) if state.bracket is not None else []
    return await in_worker(
        build_tournament_xlsx,
        entries=entry_rows(state),
        matches=match_rows(state.bracket),
        standings=table,
        history=[history_event(entry, zone, names) for entry in stored],
        title=state.record.name,
        language=sheet_language,
    )
