"""``python -m bot verify-draw FILE``: exit 0 match, 1 mismatch, 2 unreadable (the public contract)."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.i18n import t
from bot.tournament.draw_file import export_draw
from tests.tournament.draw_helpers import sample_draw, seed_of

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow

COMMITTED_AT = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)


def verify_draw(path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "bot", "verify-draw", str(path), *options]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


@pytest.fixture
def published_file(tmp_path: Path) -> Path:
    path = tmp_path / "draw.json"
    path.write_text(export_draw(sample_draw(), committed_at=COMMITTED_AT), encoding="utf-8")
    return path


def test_a_matching_draw(published_file: Path) -> None:
    done = verify_draw(published_file)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == t("draw.verify.match", "zh", teams=6, commitment=seed_of(7).commitment,
                                    published=COMMITTED_AT.isoformat())


def test_a_tampered_draw(published_file: Path) -> None:
    document = json.loads(published_file.read_text(encoding="utf-8"))
    document["teams"][0]["name"] = "Someone else"
    published_file.write_text(json.dumps(document), encoding="utf-8")
    done = verify_draw(published_file, "--lang", "en")
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        t("draw.verify.mismatch", "en"), f"- {t('draw.verify.check.teams', 'en')}",
        t("draw.verify.commitment", "en", commitment=seed_of(7).commitment, published=COMMITTED_AT.isoformat())]


@pytest.mark.parametrize("content", [b"not json at all", b"\x00\x01binary"])
def test_a_garbage_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "garbage.json"
    path.write_bytes(content)
    done = verify_draw(path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == t("draw.unreadable_file", "zh", reason="JSON")


def test_a_missing_file(tmp_path: Path) -> None:
    done = verify_draw(tmp_path / "nowhere.json", "--lang", "en")
    assert done.returncode == 2
    assert str(tmp_path / "nowhere.json") in done.stderr


def test_a_5000_digit_number_is_unreadable_not_a_traceback(published_file: Path) -> None:
    """Exit 2 with the message, never exit 1 with a traceback."""
    text = published_file.read_text(encoding="utf-8").replace('"version": 2', '"version": ' + "9" * 5000, 1)
    published_file.write_text(text, encoding="utf-8")
    done = verify_draw(published_file, "--lang", "en")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and done.stderr.startswith("The draw file cannot be read (at JSON")


def test_a_file_saved_with_a_byte_order_mark_verifies(published_file: Path) -> None:
    published_file.write_bytes(b"\xef\xbb\xbf" + published_file.read_bytes())
    done = verify_draw(published_file)
    assert done.returncode == 0, done.stderr


def test_a_duplicate_key_is_unreadable(published_file: Path) -> None:
    text = published_file.read_text(encoding="utf-8")
    published_file.write_text(text.replace('"teams": [', '"teams": [], "teams": [', 1), encoding="utf-8")
    done = verify_draw(published_file, "--lang", "en")
    assert done.returncode == 2
    assert "“teams” twice" in done.stderr


def test_the_verdict_shows_the_commitment_and_when_it_was_published(published_file: Path) -> None:
    """A forged file can be self-consistent (its own seed and commitment); what gives it away is a
    commitment and time that differ from the chat's message when the tournament opened."""
    done = verify_draw(published_file, "--lang", "en")
    assert seed_of(7).commitment in done.stdout and "2026-05-01T09:00:00+00:00" in done.stdout
    document = json.loads(published_file.read_text(encoding="utf-8"))
    document["teams"][0]["name"] = "Someone else"
    published_file.write_text(json.dumps(document), encoding="utf-8")
    done = verify_draw(published_file, "--lang", "en")
    assert done.returncode == 1
    assert seed_of(7).commitment in done.stdout and "2026-05-01T09:00:00+00:00" in done.stdout


def test_a_version_1_file_says_its_commitment_came_with_the_draw(tmp_path: Path) -> None:
    done = verify_draw(Path(__file__).parents[1] / "tournament" / "fixtures" / "draw-v1.json", "--lang", "en")
    assert done.returncode == 0
    assert done.stdout.strip() == t("draw.verify.match_v1", "en", teams=6, commitment=seed_of(7).commitment)


def test_a_draw_seeded_by_rating_says_so_and_a_changed_rating_is_found(tmp_path: Path) -> None:
    from bot.tournament.bracket import BracketOptions
    from bot.tournament.draw import draw
    from bot.tournament.entries import RegistrationMode
    from tests.tournament.draw_helpers import closed, free_people

    registration = closed(RegistrationMode.PAIRS, free_people(6, 0))
    ratings = {person.key: index * 700_000 for index, person in
               enumerate(person for entry in registration.active for person in entry.members)}
    path = tmp_path / "seeded.json"
    path.write_text(export_draw(draw(registration, seed_of(5), BracketOptions(), ratings=ratings),
                                committed_at=COMMITTED_AT), encoding="utf-8")
    done = verify_draw(path, "--lang", "en")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(t("club.verify_seeded", "en", players=12))
    document = json.loads(path.read_text(encoding="utf-8"))
    strongest = max(document["seeding"]["ratings"], key=document["seeding"]["ratings"].get)
    document["seeding"]["ratings"][strongest] = -9_000_000
    path.write_text(json.dumps(document), encoding="utf-8")
    assert verify_draw(path).returncode == 1
