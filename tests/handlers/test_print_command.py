"""``/print`` in a group and in a private chat on the dispatcher, and ``python -m bot print`` on a database file.
(Where Telegram sends the pack: ``tests.handlers.telegram.test_documents``.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.i18n import Language, t
from bot.services.caller import ChatUser
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.paperwork.pdf_checks import page_texts, pdf_text
from tests.support.dispatched import Chat


async def test_an_organiser_gets_the_round_pack_and_a_player_is_refused(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    calls = await club.calls(club.admin, "/print")
    [sent] = [call for call in calls if call.kind == "file"]
    name, data = sent.file_name, sent.content
    assert name == "print-pack-r1.pdf" and data.startswith(b"%PDF")
    assert "共" in sent.text and "桌卡" in sent.text
    text = pdf_text(data)
    assert "桌次表" in text and "按姓名查桌" in text and "记分表" in text
    assert len(page_texts(data)) >= 4
    [refused] = await club.say(club.member, "/print cards")
    assert t("roles.not_referee", Language.ZH) in refused
    [bad] = await club.say(club.admin, "/print menu")
    assert "menu" in bad and "tables" in bad
    [too_far] = await club.say(club.admin, "/print tables 5")
    assert "5" in too_far


THIS_TREE = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
"""A bare environment running this tree's code, whatever tree the venv has installed (a worktree with a new
migration was refused by the installed one's older schema)."""


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
        capture_output=True, text=True, timeout=300, env={**THIS_TREE, "GUANDAN_PUBLIC_URL":
                                                           "https://club.example.org", "HOME": str(tmp_path)},
        cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{out}: table cards, {len(page_texts(out.read_bytes()))} pages"
    assert "Table 4" in pdf_text(out.read_bytes()) and "Scan to report" in pdf_text(out.read_bytes())
    missing = subprocess.run(
        [sys.executable, "-m", "bot", "print", "--db", str(db), "--tournament", "99", "--out", str(out)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path, env=THIS_TREE)
    assert missing.returncode == 2 and "99" in missing.stderr


async def test_an_organiser_prints_in_a_private_chat_by_the_tournament_s_number(club: Club) -> None:
    """The cards' QR codes let whoever holds them report: in a private chat with the bot they stay out of the group.
    The group's administrators (and the tournament's creator and referees) may; nobody else, not even by number."""
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    tournament_id = (await club.state()).tournament_id
    calls = await club.bot.answers(Chat.private(club.admin), club.admin, f"/print #{tournament_id} cards")
    [sent] = [call for call in calls if call.kind == "file"]
    name, data = sent.file_name, sent.content
    assert name == "print-cards-r1.pdf" and "桌卡" in pdf_text(data)
    assert t("print.tokens_warning", Language.ZH) not in sent.text  # private: no warning

    async def private_texts(user: ChatUser, text: str) -> list[str]:
        replies = await club.bot.answers(Chat.private(user), user, text)
        assert not [call for call in replies if call.kind == "file"]
        return [call.text for call in replies]

    [which] = await private_texts(club.admin, "/print cards")
    assert "#12" in which and "/tournaments" in which
    [unknown] = await private_texts(club.admin, "/print #999 cards")
    assert "#999" in unknown
    [refused] = await private_texts(club.member, f"/print #{tournament_id} cards")
    assert refused == t("roles.not_referee", Language.EN)
    [bad] = await private_texts(club.admin, "/print #abc")
    assert "abc" in bad


async def test_in_a_group_a_number_must_be_the_group_s_own_tournament(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    await club.say(club.admin, "/draw")
    tournament_id = (await club.state()).tournament_id
    calls = await club.calls(club.admin, f"/print #{tournament_id} tables")
    [sent] = [call for call in calls if call.kind == "file"]
    assert sent.file_name == "print-tables-r1.pdf"
    other = Chat.group(-4_000_999, "别的群")
    club.bot.set_admins(other, club.admin)
    elsewhere = await club.bot.answers(other, club.admin, f"/print #{tournament_id} tables")
    assert [call.kind for call in elsewhere] == ["message"] and f"#{tournament_id}" in elsewhere[0].text
