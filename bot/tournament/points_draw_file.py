"""The published draw file of a Swiss tournament or a group stage, and checking one.

One format for every draw, version 3 (2 before the account secret; :mod:`bot.tournament.draw_file`): a points
stage's file has a knockout's fields (``mode``, ``options``, ``entries`` with public keys, ``commitment``,
``committed_at``, ``seed``, ``teams``, ``reserves``) and::

    "event": {"format": "swiss", "rounds": 6}              // or {"format": "groups", "groups": 4, "advance": 2}
    "round_1": [{"table": 1, "left": 3, "right": 1}, …,     // round 1's tables in table order
                {"table": null, "left": 5, "right": null}]  // then the byes (a Swiss bye; a bye per odd group)
    "groups": [[3, 8, 1, 12], [5, 2, 9, 11], …]             // groups only: each group's team ids, group A first

A group stage's round-1 items also carry ``"group": "A"``. Verifying recomputes the pairs as for a knockout, then
the points stage from the seed and ``event`` (:func:`bot.tournament.points_draw.draw_points_stage`) and compares
``teams``, ``reserves``, ``round_1`` and ``groups``. Later rounds follow from the results, not from the seed (a Swiss
round is paired from the standings), so the file covers what the draw decided: round 1 and the groups.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.errors import TournamentError
from bot.ruleset.variants import DEFAULT_VARIANT
from bot.tournament.draw import DrawOrder
from bot.tournament.draw_file import (
    DrawCheck,
    UnreadableDrawFileError,
    VerifyResult,
    _drawn_json,
    _dump,
    _fields,
    _get,
    _read_options,
    _read_registration,
    read_commitment,
    read_seed,
    read_seeding,
)
from bot.tournament.format import FormatOptions, TournamentFormat
from bot.tournament.points_draw import PointsDraw, draw_points_stage
from bot.tournament.round_robin import GroupStage, group_label

EVENT_VERSIONS = (2, 3)
"""The versions a points stage's file is written in (a file with ``event``): points stages came with version 2."""


def _format_json(result: PointsDraw) -> dict[str, Any]:
    if isinstance(result.stage, GroupStage):
        return {"format": TournamentFormat.GROUPS.value, "groups": len(result.stage.groups),
                "advance": result.stage.advance}
    return {"format": TournamentFormat.SWISS.value, "rounds": result.stage.planned_rounds}


def _round_one_json(result: PointsDraw) -> list[dict[str, Any]]:
    stage = result.stage
    if isinstance(stage, GroupStage):
        first = stage.rounds[0] if stage.rounds else None
        if first is None:
            return []
        tables = [{"table": table.table, "group": group_label(table.group), "left": table.left.team_id,
                   "right": table.right.team_id} for table in first.tables]
        byes = [{"table": None, "group": group_label(group), "left": team.team_id, "right": None}
                for group, team in first.byes]
        return tables + byes
    played = stage.rounds[0]
    tables = [{"table": table.table, "left": table.left.team_id, "right": table.right.team_id}
              for table in played.tables]
    bye = [] if played.bye is None else [{"table": None, "left": played.bye.team_id, "right": None}]
    return tables + bye


def _outcome_json(result: PointsDraw) -> dict[str, Any]:
    outcome: dict[str, Any] = {
        "teams": [{"team_id": team.team_id, "name": team.name,
                   "members": [result.public_key(member) for member in team.members], "unit": team.unit}
                  for team in result.teams],
        "reserves": [{"key": result.public_key(person.key), "name": person.name} for person in result.reserves],
        "round_1": _round_one_json(result),
    }
    if isinstance(result.stage, GroupStage):
        outcome["groups"] = [[team.team_id for team in group] for group in result.stage.groups]
    return outcome


def export_points_draw(result: PointsDraw, *, committed_at: datetime) -> str:
    """The draw file of a points stage (the format above) as JSON text.

    ``committed_at``: when the commitment was published."""
    return _dump({**_drawn_json(result, result.order.value, committed_at, {"event": _format_json(result)}),
                  **_outcome_json(result)})


def _read_format(document: Mapping[str, Any]) -> FormatOptions:
    stated = _get(document, "event", dict, "")
    try:
        kind = TournamentFormat(_get(stated, "format", str, "event."))
    except ValueError:
        raise UnreadableDrawFileError(reason="event.format") from None
    if kind is TournamentFormat.SWISS:
        _fields(stated, frozenset({"format", "rounds"}), "event.")
        if "groups" in document:
            raise UnreadableDrawFileError(reason="groups")  # only a group stage's file has groups
        rounds = _get(stated, "rounds", int, "event.")
        return FormatOptions(kind, rounds=rounds)
    if kind is TournamentFormat.GROUPS:
        _fields(stated, frozenset({"format", "groups", "advance"}), "event.")
        return FormatOptions(kind, groups=_get(stated, "groups", int, "event."),
                             advance=_get(stated, "advance", int, "event."))
    raise UnreadableDrawFileError(reason="event.format")


def verify_points_draw(document: Mapping[str, Any], committed_at: str | None, version: int) -> VerifyResult:
    """Recompute the points stage a file (of ``version``) with ``event`` describes and compare.

    Raise :class:`UnreadableDrawFileError`."""
    if committed_at is None or version not in EVENT_VERSIONS:
        raise UnreadableDrawFileError(reason="version")  # points stages came with version 2
    registration = _read_registration(document, version)
    options = _read_options(document)
    format_options = _read_format(document)
    seed = read_seed(document)
    commitment = read_commitment(document)
    try:
        # Round 1 and the groups do not depend on the scoring: the default variant recomputes them.
        recomputed = draw_points_stage(registration, seed, options, format_options, DEFAULT_VARIANT,
                                read_seeding(document, version), order=DrawOrder(version))
    except TournamentError as error:
        raise UnreadableDrawFileError(reason=f"entries ({error.key})") from error
    expected = _outcome_json(recomputed)
    mismatches: list[DrawCheck] = []
    if not seed.matches(commitment):
        mismatches.append(DrawCheck.COMMITMENT)
    for check in (DrawCheck.TEAMS, DrawCheck.RESERVES, DrawCheck.ROUND_1, DrawCheck.GROUPS):
        if document.get(check.value) != expected.get(check.value):
            mismatches.append(check)
    return VerifyResult(recomputed, tuple(mismatches), committed_at, commitment)
