"""``/print`` in a group through the real handlers, and ``python -m bot print`` on a database file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.i18n import Language, t
from tests.handlers.tournament_helpers import Club
from tests.paperwork.pdf_checks import page_texts, pdf_text


async def test_an_organiser_gets_the_round_pack_and_a_player_is_refused(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    calls = await club.calls(club.admin, "/print")
    [sent] = [call for call in calls if call.method == "sendDocument"]
    name, data = sent.files["document"]
    assert name == "print-pack-r1.pdf" and data.startswith(b"%PDF")
    assert "共" in str(sent.params.get("caption")) and "桌卡" in str(sent.params.get("caption"))
    text = pdf_text(data)
    assert "桌次表" in text and "按姓名查桌" in text and "记分表" in text
    assert len(page_texts(data)) >= 4
    [refused] = await club.say(club.member, "/print cards")
    assert t("roles.not_referee", Language.ZH) in refused
    [bad] = await club.say(club.admin, "/print menu")
    assert "menu" in bad and "tables" in bad
    [too_far] = await club.say(club.admin, "/print tables 5")
    assert "5" in too_far


@pytest.mark.slow  # starts the bot's command line twice
def test_the_command_line_writes_the_same_pdf(tmp_path: Path) -> None:
    import asyncio

    from tests.paperwork.fields import drawn_database

    db = tmp_path / "club.sqlite3"
    tournament_id = asyncio.run(drawn_database(db, 20))
    out = tmp_path / "cards.pdf"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "print", "--db", str(db), "--tournament", str(tournament_id), "cards",
         "--out", str(out), "--lang", "en", "--paper", "letter"],
        capture_output=True, text=True, timeout=300, env={"PATH": "/usr/bin:/bin", "GUANDAN_PUBLIC_URL":
                                                           "https://club.example.org", "HOME": str(tmp_path)},
        cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{out}: table cards, {len(page_texts(out.read_bytes()))} pages"
    assert "Table 4" in pdf_text(out.read_bytes()) and "Scan to report" in pdf_text(out.read_bytes())
    missing = subprocess.run(
        [sys.executable, "-m", "bot", "print", "--db", str(db), "--tournament", "99", "--out", str(out)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path, env={"PATH": "/usr/bin:/bin"})
    assert missing.returncode == 2 and "99" in missing.stderr
