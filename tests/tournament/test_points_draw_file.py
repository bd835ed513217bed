"""The draw file of a Swiss tournament or group stage: published, recomputed, tampering found; and ``python -m bot
verify-draw`` on it. It is the one version-2 format of knockout files too (``test_draw_file.py``), with
an ``event`` field: the commitment's time and keyed accounts as for a knockout."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.i18n import t
from bot.ruleset.variants import DEFAULT_VARIANT
from bot.tournament.bracket import BracketOptions
from bot.tournament.draw_file import DrawCheck, UnreadableDrawFileError, export_draw, verify
from bot.tournament.entries import RegistrationMode
from bot.tournament.format import FormatOptions, RoundsOutOfRangeError, TournamentFormat
from bot.tournament.points_draw import PointsDraw, draw_points_stage
from bot.tournament.points_draw_file import export_points_draw
from tests.tournament.draw_helpers import closed, free_people, sample_draw, seed_of

COMMITTED_AT = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)


def swiss_draw(pairs: int = 9, rounds: int = 4) -> PointsDraw:
    registration = closed(RegistrationMode.PAIRS, free_people(pairs, 0, units=("工会", "财务", "后勤")))
    return draw_points_stage(registration, seed_of(3), BracketOptions(),
                             FormatOptions(TournamentFormat.SWISS, rounds=rounds), DEFAULT_VARIANT)


def groups_draw() -> PointsDraw:
    registration = closed(RegistrationMode.PAIRS, free_people(10, 1, units=("工会", "财务")))
    return draw_points_stage(registration, seed_of(5), BracketOptions(),
                             FormatOptions(TournamentFormat.GROUPS, groups=3), DEFAULT_VARIANT)


def test_a_swiss_file_lists_round_one_with_its_bye_and_verifies() -> None:
    document = json.loads(export_points_draw(swiss_draw(), committed_at=COMMITTED_AT))
    assert document["version"] == 2 and document["event"] == {"format": "swiss", "rounds": 4}
    assert document["committed_at"] == COMMITTED_AT.isoformat()
    assert len(document["round_1"]) == 5 and document["round_1"][-1]["table"] is None
    assert "groups" not in document
    keys = [member["key"] for entry in document["entries"] for member in entry["members"]]
    assert not any(key.startswith("tg:") for key in keys) and any(key.startswith("hmac:") for key in keys)
    result = verify(json.dumps(document))
    assert result.matches and result.committed_at == COMMITTED_AT.isoformat()


def test_a_groups_file_lists_the_groups_and_verifies() -> None:
    document = json.loads(export_points_draw(groups_draw(), committed_at=COMMITTED_AT))
    assert document["event"] == {"format": "groups", "groups": 3, "advance": 2}
    assert sorted(len(group) for group in document["groups"]) == [3, 3, 4]
    assert {item["group"] for item in document["round_1"]} == {"A", "B", "C"}
    assert verify(json.dumps(document)).matches


@pytest.mark.parametrize(("part", "check"), [("round_1", DrawCheck.ROUND_1), ("groups", DrawCheck.GROUPS)])
def test_tampering_is_found(part: str, check: DrawCheck) -> None:
    document = json.loads(export_points_draw(groups_draw(), committed_at=COMMITTED_AT))
    document[part] = list(reversed(document[part]))
    assert verify(json.dumps(document)).mismatches == (check,)


def test_the_same_entries_and_seed_draw_the_same_pairs_in_every_format() -> None:
    swiss, groups = swiss_draw(10, 3), groups_draw()
    assert swiss.teams != groups.teams  # different entries and seeds here; the pairing step is shared below
    again = swiss_draw(10, 3)
    assert again.teams == swiss.teams and again.stage == swiss.stage


def test_a_file_whose_event_does_not_fit_is_unreadable() -> None:
    document = json.loads(export_points_draw(swiss_draw(), committed_at=COMMITTED_AT))
    document["event"]["rounds"] = 40
    with pytest.raises(UnreadableDrawFileError) as caught:
        verify(json.dumps(document))
    assert caught.value.params == {"reason": f"entries ({RoundsOutOfRangeError.key})"}


@pytest.mark.slow  # starts python -m bot
def test_verify_draw_checks_a_swiss_file(tmp_path: Path) -> None:
    path = tmp_path / "draw-2.json"
    path.write_text(export_points_draw(swiss_draw(), committed_at=COMMITTED_AT), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bot", "verify-draw", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == t("draw.verify.match", "zh", teams=9, commitment=seed_of(3).commitment,
                                    published=COMMITTED_AT.isoformat())


@pytest.mark.parametrize("extra", [{"groups": [[1, 2]]}, {"event": {"format": "swiss", "rounds": 4, "x": 1}}])
def test_a_swiss_file_with_fields_it_does_not_have_is_unreadable(extra: dict[str, object]) -> None:
    document = json.loads(export_points_draw(swiss_draw(), committed_at=COMMITTED_AT)) | extra
    with pytest.raises(UnreadableDrawFileError):
        verify(json.dumps(document))


def test_a_knockout_file_with_groups_is_unreadable() -> None:
    document = json.loads(export_draw(sample_draw(), committed_at=COMMITTED_AT)) | {"groups": [[1, 2]]}
    with pytest.raises(UnreadableDrawFileError) as caught:
        verify(json.dumps(document))
    assert caught.value.params == {"reason": "groups"}
