"""The published draw file, and checking one: anyone can recompute a draw from its entry list and revealed seed.

Format (JSON, UTF-8, one object; ``export_draw`` writes it, ``verify`` reads it)::

    {
      "format": "guandan-bot/draw",
      "version": 3,
      "mode": "pairs",                          // or "mixed"
      "options": {"third_place": "playoff", …}, // the bracket options the draw used (all fields, as JSON)
      "entries": [                              // the entries drawn, in canonical order (order is not significant)
        {"members": [{"key": "hmac:3f9a…", "name": "张三", "gender": "m", "unit": "工会"},
                     {"key": "name:李四", "name": "李四", "gender": null, "unit": null}]},
        {"members": [{"key": "hmac:07c1…", "name": "王五", "gender": null, "unit": null}]}
      ],
      "commitment": "<64 hex digits: SHA-256 of the seed bytes, published when the tournament opened>",
      "committed_at": "2026-05-01T09:00:00+00:00",  // when the commitment was published in the chat
      "seed": "<64 hex digits: the 32 seed bytes, revealed at the draw>",
      "teams": [{"team_id": 1, "name": "张三 / 李四", "members": ["hmac:3f9a…", "name:李四"], "unit": null}, …],
      "reserves": [{"key": "hmac:07c1…", "name": "王五"}],
      "round_1": [{"table": 1, "left": 3, "right": 1}, {"table": null, "left": 2, "right": null}, …]
    }

``round_1`` lists the first-round matches top to bottom of the bracket: the team ids on each side (``null`` for
a bye) and the table number (``null`` for a bye). A member's ``gender`` is ``m``, ``f`` or ``null``. A member's
``key`` is the public key the draw sorts by (``bot.tournament.draw.public_key``): a keyed hash for an account
holder, never a Telegram id; the name key for someone entered by name.

Verifying checks that ``sha256(seed) == commitment``, rebuilds the registration from ``entries`` (refusing
duplicates and impossible entries as sign-up would), redraws with ``seed`` and ``options``, and compares the
recomputed ``teams``, ``reserves`` and ``round_1`` with the file's. The commitment binds the seed only if it was
public before the entries were final: the reader compares ``commitment`` and ``committed_at`` with the chat's
message of that time (``verify-draw`` prints both). A file is read strictly: every key once, no unknown field.

A Swiss tournament's or a group stage's draw is the same version (3; 2 before) with an ``event`` field naming the format
(and, for groups, a ``groups`` field): :mod:`bot.tournament.points_draw_file`. A file without ``event`` is a
knockout's.

A draw seeded by rating (``/set seeding rating``, :mod:`bot.tournament.seeding`) has a ``seeding`` field after the
options: ``{"by": "rating", "ratings": {"<public key>": <rating in millionths>, …}}``, every drawn member's rating
(displayed ``mu − 3·sigma``) as the draw used it; verifying redraws with those ratings. A file without it was drawn
by lot alone.

Version 2 (before the account secret): the same fields; account keys ``hmac:`` keyed by ``sha256(seed +
b"person-keys")``, the canonical order by the keys alone (``DrawOrder.PUBLIC_KEYS``). Such files still verify.

Version 1 (before the commitment at ``/new``): a knockout only; no ``committed_at`` (the commitment was
published with the draw, so it bound nothing), account keys as ``tg:<id>``, the canonical order by those keys.
Such files still verify.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import string
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.errors import GuandanError, TournamentError
from bot.tournament.bracket import Bracket, BracketOptions
from bot.tournament.draw import Draw, DrawOrder, draw, is_public_key
from bot.tournament.entries import NAME_PREFIX, Gender, Person, RegistrationMode, is_person_key
from bot.tournament.names import clean_name, clean_unit
from bot.tournament.points_draw import PointsDraw
from bot.tournament.registration import Registration, close, open_registration, sign_up_many
from bot.tournament.seed import DrawSeed

FORMAT = "guandan-bot/draw"
SEEDING_BY_RATING = "rating"
VERSION = 3
VERSIONS = (1, 2, 3)
"""What :func:`verify` reads; :func:`export_draw` (and ``export_points_draw``) write :data:`VERSION` for every draw
the bot makes (the version follows the draw's :class:`~bot.tournament.draw.DrawOrder`: a draw made without an
account secret, as tests and benchmarks make, is a version 2 draw)."""


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
    draw: Draw | PointsDraw
    """The draw recomputed from the file's entries and seed."""
    mismatches: tuple[DrawCheck, ...]
    committed_at: str | None = None
    """When the file says the commitment was published (ISO 8601); ``None`` for version 1 files."""
    stated_commitment: str = ""
    """The commitment as the file states it (the seed fits it unless ``COMMITMENT`` is a mismatch)."""

    @property
    def matches(self) -> bool:
        return not self.mismatches


def _person_json(person: Person, result: Draw | PointsDraw) -> dict[str, Any]:
    gender = None if person.gender is None else person.gender.value
    return {"key": result.public_key(person.key), "name": person.name, "gender": gender, "unit": person.unit}


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
            {"team_id": team.team_id, "name": team.name,
             "members": [result.public_key(member) for member in team.members], "unit": team.unit}
            for team in result.teams
        ],
        "reserves": [{"key": result.public_key(person.key), "name": person.name} for person in result.reserves],
        "round_1": _round_one_json(result.bracket),
    }


def export_draw(result: Draw, *, committed_at: datetime) -> str:
    """The draw file (the format above) as JSON text; ``committed_at``: when the commitment was published."""
    return _dump({**_drawn_json(result, result.order.value, committed_at), **_outcome_json(result)})


def _seeding_json(result: Draw | PointsDraw) -> dict[str, Any]:
    """``{"seeding": …}`` for a draw seeded by rating (every drawn member's rating, by public key).

    Empty for one by lot."""
    if result.ratings is None:
        return {}
    members = sorted({result.public_key(person.key): result.ratings.get(person.key, 0)
                      for entry in result.entries for person in entry.members}.items())
    return {"seeding": {"by": SEEDING_BY_RATING, "ratings": dict(members)}}


def _drawn_json(result: Draw | PointsDraw, version: int, committed_at: datetime,
                extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The fields every draw file opens with, in their order.

    What was drawn, from which entries and seed (``extra``, e.g. a points stage's ``event``, goes after the options,
    then a rating seeding); the outcome follows."""
    return {
        "format": FORMAT,
        "version": version,
        "mode": result.mode.value,
        "options": _options_json(result.options),
        **(extra or {}),
        **_seeding_json(result),
        "entries": [{"members": [_person_json(person, result) for person in entry.members]}
                    for entry in result.entries],
        "commitment": result.commitment,
        "committed_at": committed_at.isoformat(),
        "seed": result.seed.hex,
    }


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


def read_seed(document: Mapping[str, Any]) -> DrawSeed:
    """The file's seed, refused as unreadable when it is not one."""
    try:
        return DrawSeed.from_hex(_get(document, "seed", str, ""))
    except GuandanError:
        raise UnreadableDrawFileError(reason="seed") from None


def read_commitment(document: Mapping[str, Any]) -> str:
    """The file's commitment, which must be what a commitment is.

    64 hex digits (a file may say anything, and ``verify-draw`` prints it)."""
    commitment: str = _get(document, "commitment", str, "")
    if len(commitment) != _COMMITMENT_HEX_DIGITS or not all(char in string.hexdigits for char in commitment):
        raise UnreadableDrawFileError(reason="commitment")
    return commitment


def _file_key(key: str, version: int) -> bool:
    """A key version ``version`` writes: a public key (versions 2 and 3) or a person key as it was (version 1)."""
    if version == 1:
        return is_person_key(key)
    return is_public_key(key) or (key.startswith(NAME_PREFIX) and len(key) > len(NAME_PREFIX))


def _read_person(member: Any, path: str, version: int) -> Person:
    if not isinstance(member, Mapping):
        raise UnreadableDrawFileError(reason=path)
    _fields(member, _MEMBER_FIELDS, f"{path}.")
    key = _get(member, "key", str, f"{path}.")
    if not _file_key(key, version):
        raise UnreadableDrawFileError(reason=f"{path}.key")
    gender_text = _get(member, "gender", (str, type(None)), f"{path}.")
    unit = _get(member, "unit", (str, type(None)), f"{path}.")
    try:
        gender = None if gender_text is None else Gender(gender_text)
        return Person(key, clean_name(_get(member, "name", str, f"{path}.")), gender, clean_unit(unit))
    except (ValueError, GuandanError):
        raise UnreadableDrawFileError(reason=path) from None


def _read_registration(document: Mapping[str, Any], version: int) -> Registration:
    try:
        mode = RegistrationMode(_get(document, "mode", str, ""))
    except ValueError:
        raise UnreadableDrawFileError(reason="mode") from None
    groups: list[list[Person]] = []
    for index, item in enumerate(_get(document, "entries", list, "")):
        path = f"entries[{index}]"
        if not isinstance(item, Mapping):
            raise UnreadableDrawFileError(reason=path)
        _fields(item, _ENTRY_FIELDS, f"{path}.")
        members = _get(item, "members", list, f"{path}.")
        if len(members) not in (1, 2):
            raise UnreadableDrawFileError(reason=f"{path}.members")
        groups.append([_read_person(member, f"{path}.members[{position}]", version)
                       for position, member in enumerate(members)])
    try:
        return close(sign_up_many(open_registration(mode), groups))
    except TournamentError as error:
        raise UnreadableDrawFileError(reason=f"entries ({error.key})") from error


def _read_options(document: Mapping[str, Any]) -> BracketOptions:
    stated = _get(document, "options", dict, "")
    defaults = BracketOptions()
    _fields(stated, frozenset(field.name for field in dataclasses.fields(defaults)), "options.")
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


_COMMITMENT_HEX_DIGITS = 64
_MAX_NUMBER_DIGITS = 18
"""Every number of a draw file is a small count or id; a longer one is no draw file (and ``int()`` of thousands of
digits is slow or refused)."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose every key is given once.

    A plain reader keeps the LAST copy of a repeated key, so a file could show one thing to a person reading it and
    another to a program."""
    document: dict[str, Any] = {}
    for name, value in pairs:
        if name in document:
            raise UnreadableDrawFileError(reason=f"JSON: “{name}” twice")
        document[name] = value
    return document


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_NUMBER_DIGITS:
        raise UnreadableDrawFileError(reason="JSON: a number too long")
    return int(text)


def _no_fraction(text: str) -> Any:
    raise UnreadableDrawFileError(reason=f"JSON: {text[:20]}")


def _fields(document: Mapping[str, Any], allowed: frozenset[str], path: str) -> None:
    """Refuse a field this format does not define: whatever it says, the check would not look at it."""
    for name in document:
        if name not in allowed:
            raise UnreadableDrawFileError(reason=f"{path}{name}")


_DOCUMENT_FIELDS = {
    1: frozenset({"format", "version", "mode", "options", "entries", "commitment", "seed", "teams", "reserves",
                  "round_1"}),
}
_DOCUMENT_FIELDS[2] = _DOCUMENT_FIELDS[1] | {"committed_at", "event", "groups", "seeding"}
_DOCUMENT_FIELDS[3] = _DOCUMENT_FIELDS[2]
_ENTRY_FIELDS = frozenset({"members"})
_MEMBER_FIELDS = frozenset({"key", "name", "gender", "unit"})
_OUTCOME_FIELDS = {"teams": frozenset({"team_id", "name", "members", "unit"}), "reserves": frozenset({"key", "name"}),
                   "round_1": frozenset({"table", "left", "right"})}
_GROUP_ROUND_ONE_FIELDS = _OUTCOME_FIELDS["round_1"] | {"group"}
"""A group stage's round-1 items also name their group."""


def _parse(content: str | bytes) -> Mapping[str, Any]:
    """The document, read strictly.

    UTF-8 (a byte order mark is allowed), every key once, only whole numbers of at most 18 digits, only the fields of
    this format."""
    try:
        text = content.decode("utf-8") if isinstance(content, bytes) else content
        document = json.loads(text.removeprefix("\ufeff"), object_pairs_hook=_object, parse_int=_integer,
                              parse_float=_no_fraction, parse_constant=_no_fraction)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError, ValueError):
        raise UnreadableDrawFileError(reason="JSON") from None
    if not isinstance(document, dict):
        raise UnreadableDrawFileError(reason="JSON")
    if document.get("format") != FORMAT:
        raise UnreadableDrawFileError(reason="format")
    version = document.get("version")
    if type(version) is not int or version not in VERSIONS:
        raise UnreadableDrawFileError(reason="version")
    _fields(document, _DOCUMENT_FIELDS[version], "")
    grouped = isinstance(document.get("event"), Mapping) and document["event"].get("format") == "groups"
    for name, allowed in _OUTCOME_FIELDS.items():
        if grouped and name == "round_1":
            allowed = _GROUP_ROUND_ONE_FIELDS
        for index, item in enumerate(_get(document, name, list, "")):
            if not isinstance(item, Mapping):
                raise UnreadableDrawFileError(reason=f"{name}[{index}]")
            _fields(item, allowed, f"{name}[{index}].")
    return document


def read_seeding(document: Mapping[str, Any], version: int) -> dict[str, int] | None:
    """The ratings a draw seeded by rating used (by public key), or ``None`` for a draw by lot."""
    if "seeding" not in document:
        return None
    stated = _get(document, "seeding", dict, "")
    _fields(stated, frozenset({"by", "ratings"}), "seeding.")
    if _get(stated, "by", str, "seeding.") != SEEDING_BY_RATING:
        raise UnreadableDrawFileError(reason="seeding.by")
    ratings: dict[str, int] = {}
    for key, value in _get(stated, "ratings", dict, "seeding.").items():
        if not _file_key(key, version) or type(value) is not int:
            raise UnreadableDrawFileError(reason="seeding.ratings")
        ratings[key] = value
    return ratings


def _committed_at(document: Mapping[str, Any], version: int) -> str | None:
    """When the file says the commitment was published; ``None`` for version 1 (it has no such field)."""
    if version < 2:
        return None
    committed_at: str = _get(document, "committed_at", str, "")
    try:
        datetime.fromisoformat(committed_at)
    except ValueError:
        raise UnreadableDrawFileError(reason="committed_at") from None
    return committed_at


def verify(content: str | bytes) -> VerifyResult:
    """Recompute the draw a file describes and compare; raise :class:`UnreadableDrawFileError`."""
    document = _parse(content)
    version = int(document["version"])
    committed_at = _committed_at(document, version)
    if "event" in document:
        # Imported here: the points stage's reader builds on this module's readers.
        from bot.tournament.points_draw_file import verify_points_draw

        return verify_points_draw(document, committed_at, version)
    if "groups" in document:
        raise UnreadableDrawFileError(reason="groups")  # only a group stage's file has groups
    registration = _read_registration(document, version)
    options = _read_options(document)
    seed = read_seed(document)
    commitment = read_commitment(document)
    try:
        recomputed = draw(registration, seed, options, order=DrawOrder(version),
                          ratings=read_seeding(document, version))
    except TournamentError as error:
        raise UnreadableDrawFileError(reason=f"entries ({error.key})") from error
    expected = _outcome_json(recomputed)
    mismatches: list[DrawCheck] = []
    if not seed.matches(commitment):
        mismatches.append(DrawCheck.COMMITMENT)
    for check in (DrawCheck.TEAMS, DrawCheck.RESERVES, DrawCheck.ROUND_1):
        if document.get(check.value) != expected[check.value]:
            mismatches.append(check)
    return VerifyResult(recomputed, tuple(mismatches), committed_at, commitment)
