"""The published draw file, and checking one: anyone can recompute a draw from its entry list and revealed seed.

Format (JSON, UTF-8, one object; ``export_draw`` writes it, ``verify`` reads it)::

    {
      "format": "guandan-bot/draw",
      "version": 1,
      "mode": "pairs",                          // or "mixed"
      "options": {"third_place": "playoff", …}, // the bracket options the draw used (all fields, as JSON)
      "entries": [                              // the entries drawn, in canonical order (order is not significant)
        {"members": [{"key": "tg:1001", "name": "张三", "gender": "m", "unit": "工会"},
                     {"key": "name:李四", "name": "李四", "gender": null, "unit": null}]},
        {"members": [{"key": "tg:1003", "name": "王五", "gender": null, "unit": null}]}
      ],
      "commitment": "<64 hex digits: SHA-256 of the seed bytes, published before the draw>",
      "seed": "<64 hex digits: the 32 seed bytes, revealed after the draw>",
      "teams": [{"team_id": 1, "name": "张三 / 李四", "members": ["tg:1001", "name:李四"], "unit": null}, …],
      "reserves": [{"key": "tg:1003", "name": "王五"}],
      "round_1": [{"table": 1, "left": 3, "right": 1}, {"table": null, "left": 2, "right": null}, …]
    }

``round_1`` lists the first-round matches top to bottom of the bracket: the team ids on each side (``null`` for
a bye) and the table number (``null`` for a bye). A member's ``gender`` is ``m``, ``f`` or ``null``.

Verifying checks that ``sha256(seed) == commitment``, rebuilds the registration from ``entries`` (refusing
duplicates and impossible entries as sign-up would), redraws with ``seed`` and ``options``, and compares the
recomputed ``teams``, ``reserves`` and ``round_1`` with the file's.

A Swiss event's or a group stage's draw is published as version 2 (:mod:`bot.tournament.event_draw_file`);
:func:`verify` checks both versions.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.errors import GuandanError, TournamentError
from bot.tournament.bracket import Bracket, BracketOptions
from bot.tournament.draw import Draw, draw
from bot.tournament.entries import Gender, Person, RegistrationMode, is_person_key
from bot.tournament.event_draw import EventDraw
from bot.tournament.names import clean_name, clean_unit
from bot.tournament.registration import Registration, close, open_registration, sign_up_many
from bot.tournament.seed import DrawSeed

FORMAT = "guandan-bot/draw"
VERSION = 1
POINTS_EVENT_VERSION = 2
"""A Swiss event's or a group stage's draw file (:mod:`bot.tournament.event_draw_file`)."""


class UnreadableDrawFileError(TournamentError):
    """Not a draw file this version can check; ``reason`` names the first unreadable part (a JSON path)."""

    key = "draw.unreadable_file"


class DrawCheck(enum.StrEnum):
    COMMITMENT = "commitment"
    TEAMS = "teams"
    RESERVES = "reserves"
    ROUND_1 = "round_1"
    GROUPS = "groups"  # a group stage's groups (version 2)


@dataclass(frozen=True, slots=True)
class VerifyResult:
    draw: Draw | EventDraw
    """The draw recomputed from the file's entries and seed."""
    mismatches: tuple[DrawCheck, ...]

    @property
    def matches(self) -> bool:
        return not self.mismatches


def _person_json(person: Person) -> dict[str, Any]:
    gender = None if person.gender is None else person.gender.value
    return {"key": person.key, "name": person.name, "gender": gender, "unit": person.unit}


def _json_value(value: Any) -> Any:
    return value.value if isinstance(value, enum.Enum) else value


def _options_json(options: BracketOptions) -> dict[str, Any]:
    return {field.name: _json_value(getattr(options, field.name)) for field in dataclasses.fields(options)}


def _round_one_json(bracket: Bracket) -> list[dict[str, Any]]:
    return [
        {
            "table": match.table,
            "left": None if match.left is None else match.left.team_id,
            "right": None if match.right is None else match.right.team_id,
        }
        for match in bracket.round_matches(1)
    ]


def _outcome_json(result: Draw) -> dict[str, Any]:
    return {
        "teams": [
            {"team_id": team.team_id, "name": team.name, "members": list(team.members), "unit": team.unit}
            for team in result.teams
        ],
        "reserves": [{"key": person.key, "name": person.name} for person in result.reserves],
        "round_1": _round_one_json(result.bracket),
    }


def export_draw(result: Draw) -> str:
    """The draw file (the format above) as JSON text."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "mode": result.mode.value,
        "options": _options_json(result.options),
        "entries": [{"members": [_person_json(person) for person in entry.members]} for entry in result.entries],
        "commitment": result.commitment,
        "seed": result.seed.hex,
        **_outcome_json(result),
    }
    return _dump(document)


def _dump(document: Mapping[str, Any]) -> str:
    """JSON with one top-level field per line and one list item (entry, team, match) per line: readable, diffable."""

    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    fields = []
    for name, value in document.items():
        if isinstance(value, list) and value:
            items = ",\n".join(f"  {compact(item)}" for item in value)
            fields.append(f" {compact(name)}: [\n{items}\n ]")
        else:
            fields.append(f" {compact(name)}: {compact(value)}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


_MISSING = object()


def _get(document: Mapping[str, Any], name: str, kind: type | tuple[type, ...], path: str) -> Any:
    """``document[name]`` if present and of ``kind``; ``path`` (``""`` or ending in ".") locates ``document``."""
    value = document.get(name, _MISSING)
    if not isinstance(value, kind):
        raise UnreadableDrawFileError(reason=f"{path}{name}")
    return value


def _read_person(member: Any, path: str) -> Person:
    if not isinstance(member, Mapping):
        raise UnreadableDrawFileError(reason=path)
    key = _get(member, "key", str, f"{path}.")
    if not is_person_key(key):
        raise UnreadableDrawFileError(reason=f"{path}.key")
    gender_text = _get(member, "gender", (str, type(None)), f"{path}.")
    unit = _get(member, "unit", (str, type(None)), f"{path}.")
    try:
        gender = None if gender_text is None else Gender(gender_text)
        return Person(key, clean_name(_get(member, "name", str, f"{path}.")), gender, clean_unit(unit))
    except (ValueError, GuandanError):
        raise UnreadableDrawFileError(reason=path) from None


def _read_registration(document: Mapping[str, Any]) -> Registration:
    try:
        mode = RegistrationMode(_get(document, "mode", str, ""))
    except ValueError:
        raise UnreadableDrawFileError(reason="mode") from None
    groups: list[list[Person]] = []
    for index, item in enumerate(_get(document, "entries", list, "")):
        path = f"entries[{index}]"
        if not isinstance(item, Mapping):
            raise UnreadableDrawFileError(reason=path)
        members = _get(item, "members", list, f"{path}.")
        if len(members) not in (1, 2):
            raise UnreadableDrawFileError(reason=f"{path}.members")
        groups.append([_read_person(member, f"{path}.members[{position}]") for position, member in enumerate(members)])
    try:
        return close(sign_up_many(open_registration(mode), groups))
    except TournamentError as error:
        raise UnreadableDrawFileError(reason=f"entries ({error.key})") from error


def _read_options(document: Mapping[str, Any]) -> BracketOptions:
    stated = _get(document, "options", dict, "")
    defaults = BracketOptions()
    values: dict[str, Any] = {}
    for field in dataclasses.fields(defaults):
        default = getattr(defaults, field.name)
        if field.name not in stated:
            raise UnreadableDrawFileError(reason=f"options.{field.name}")
        text = stated[field.name]
        try:
            values[field.name] = type(default)(text) if isinstance(default, enum.Enum) else text
        except ValueError:
            raise UnreadableDrawFileError(reason=f"options.{field.name}") from None
        if not isinstance(values[field.name], type(default)):
            raise UnreadableDrawFileError(reason=f"options.{field.name}")
    return BracketOptions(**values)


def _parse(content: str | bytes) -> Mapping[str, Any]:
    try:
        text = content.decode("utf-8") if isinstance(content, bytes) else content
        document = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise UnreadableDrawFileError(reason="JSON") from None
    if not isinstance(document, dict):
        raise UnreadableDrawFileError(reason="JSON")
    if document.get("format") != FORMAT:
        raise UnreadableDrawFileError(reason="format")
    if document.get("version") not in (VERSION, POINTS_EVENT_VERSION):
        raise UnreadableDrawFileError(reason="version")
    return document


def verify(content: str | bytes) -> VerifyResult:
    """Recompute the draw a file describes and compare; raise :class:`UnreadableDrawFileError`."""
    document = _parse(content)
    if document["version"] == POINTS_EVENT_VERSION:
        # Imported here: the version-2 reader builds on this module's readers.
        from bot.tournament.event_draw_file import verify_event

        return verify_event(document)
    registration = _read_registration(document)
    options = _read_options(document)
    try:
        seed = DrawSeed.from_hex(_get(document, "seed", str, ""))
    except GuandanError:
        raise UnreadableDrawFileError(reason="seed") from None
    commitment = _get(document, "commitment", str, "")
    try:
        recomputed = draw(registration, seed, options)
    except TournamentError as error:
        raise UnreadableDrawFileError(reason=f"entries ({error.key})") from error
    expected = _outcome_json(recomputed)
    mismatches: list[DrawCheck] = []
    if not seed.matches(commitment):
        mismatches.append(DrawCheck.COMMITMENT)
    for check in (DrawCheck.TEAMS, DrawCheck.RESERVES, DrawCheck.ROUND_1):
        if document.get(check.value) != expected[check.value]:
            mismatches.append(check)
    return VerifyResult(recomputed, tuple(mismatches))
