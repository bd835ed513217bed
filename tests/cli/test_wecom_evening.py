"""A 16-pair, 4-round Swiss evening for a union of four departments, run on WeCom by a real ``python -m bot run``
against the long-connection stand-in, with files in and out: the roster comes in as a file (``导入``), two pairs
sign up from their own WeCom accounts (one by a card's button), the draw file goes out and ``verify-draw`` checks
it, every result goes in the way phones type it, the process is SIGKILLed mid-evening and a message redelivered,
and the export comes out as four files whose standings agree with the results the test entered, and the printed
standings as a PDF. No pair meets another twice, and no table seats two pairs of one department."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.test_run_wecom import ADMIN, GROUP, MENTION, history, kill, start
from tests.support.wecom_server import WeComStandIn

pytestmark = pytest.mark.slow

DEPARTMENTS = ("信息中心", "财务处", "工会办公室", "后勤处")
IMPORTED = 14
ROUNDS = 4


@pytest.fixture
def wecom() -> Iterator[WeComStandIn]:
    with WeComStandIn() as running:
        yield running


def roster() -> bytes:
    """Fourteen pairs of the union, three or four of each department, as a CSV a secretary would save."""
    lines = ["姓名,搭档,单位"]
    for number in range(IMPORTED):
        lines.append(f"职工{2 * number + 1:02d},职工{2 * number + 2:02d},{DEPARTMENTS[number % len(DEPARTMENTS)]}")
    return ("\n".join(lines) + "\n").encode("utf-8-sig")


def say(wecom: WeComStandIn, userid: str, text: str) -> str:
    return wecom.answer(wecom.say(userid, MENTION + text, chatid=GROUP))


def current_tables(db: Path) -> list[tuple[int, int, int, int]]:
    """(round, table, left team, right team) of the tables still to play in the latest round."""
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT round, table_number, left_team, right_team FROM event_tables WHERE state = 'pending'"
            " AND left_team IS NOT NULL AND right_team IS NOT NULL ORDER BY round, table_number").fetchall()
    return [tuple(row) for row in rows]


def played(db: Path) -> list[tuple[int, int, int, str | None]]:
    with sqlite3.connect(db) as connection:
        return [tuple(row) for row in connection.execute(
            "SELECT round, left_team, right_team, winner FROM event_tables WHERE state = 'confirmed' ORDER BY round")]


def units_at_tables(db: Path) -> tuple[int, int]:
    """(pairs with a unit, tables where both pairs are of one unit) of the evening."""
    with sqlite3.connect(db) as connection:
        with_unit = connection.execute("SELECT count(*) FROM teams WHERE unit IS NOT NULL").fetchone()[0]
        same = connection.execute(
            "SELECT count(*) FROM event_tables t JOIN teams l ON l.tournament_id = t.tournament_id"
            " AND l.team_id = t.left_team JOIN teams r ON r.tournament_id = t.tournament_id"
            " AND r.team_id = t.right_team WHERE l.unit IS NOT NULL AND l.unit = r.unit").fetchone()[0]
    return int(with_unit), int(same)


def test_a_swiss_evening_with_files_in_and_out(wecom: WeComStandIn, tmp_path: Path) -> None:
    db = tmp_path / "union.sqlite3"
    bot = start(wecom, db, tmp_path)
    try:
        entered = wecom.enter(ADMIN)  # once: a condition that entered again on every poll saw only the newest event
        welcome = wecom.wait_for(lambda: wecom.answers_to_event(entered, "aibot_respond_welcome_msg"))
        assert "新比赛" in welcome[0].content
        assert "工会杯" in say(wecom, ADMIN, "新比赛 工会杯")
        assert "积分编排" in say(wecom, ADMIN, "设置 赛制 积分编排")
        assert "4" in say(wecom, ADMIN, f"设置 轮数 {ROUNDS}")

        # The roster as a file in the group, then the verb.
        received = wecom.answer(wecom.send_file(ADMIN, roster(), "工会名单.csv", chatid=GROUP))
        assert "导入" in received
        imported = say(wecom, ADMIN, "导入")
        assert str(IMPORTED) in imported, imported

        # Two pairs from their own accounts: an invitation accepted on its card, and two singles paired at the draw.
        assert "唐伟" in say(wecom, "tangwei", "改名 唐伟")
        assert "李娜" in say(wecom, "lina", "改名 李娜")
        invitation = wecom.say("tangwei", MENTION + "报名 @lina", chatid=GROUP)
        [card_reply] = wecom.wait_for(lambda: wecom.replies_to(invitation))
        task = card_reply.card["task_id"]
        [accept] = wecom.live_buttons(task, "lina")
        pressed = wecom.press("lina", accept, task_id=task, chatid=GROUP)
        wecom.wait_for(lambda: wecom.answers_to_event(pressed, "aibot_respond_update_msg"))
        assert wecom.live_buttons(task, "lina") == {}  # answered: the card shows its outcome, no live buttons
        for userid in ("zhoujie", "wufang"):
            assert "报名成功" in say(wecom, userid, "报名")

        # The draw: its file comes out and verify-draw checks it.
        pushed_before = len(wecom.files_pushed(GROUP))
        assert "第 1 轮" in say(wecom, ADMIN, "抽签")
        [draw_file] = wecom.wait_for(lambda: wecom.files_pushed(GROUP)[pushed_before:], what="the draw file")
        saved = tmp_path / draw_file.file_name
        saved.write_bytes(draw_file.content)
        checked = subprocess.run([sys.executable, "-m", "bot", "verify-draw", str(saved)], capture_output=True,
                                 text=True, timeout=60)
        assert checked.returncode == 0, checked.stdout + checked.stderr

        redelivered = None
        for round_number in range(1, ROUNDS + 1):
            tables = current_tables(db)
            assert len(tables) == 8 and {row[0] for row in tables} == {round_number}, tables
            for index, (_, table, _, _) in enumerate(tables):
                # Left wins at odd tables, right at even ones; typed as phones type it, now and then.
                score = "A+ 9" if table % 2 else "10 A+"
                text = f"成绩{table} {score}" if index % 3 == 0 else f"成绩 {table} {score}"
                msgid = wecom.say(ADMIN, MENTION + text, chatid=GROUP)
                answer = wecom.answer(msgid, timeout=30)
                assert f"第 {table} 桌" in answer, answer
                if round_number == 2 and index == 3:
                    redelivered = msgid
                    kill(bot)  # mid-round: nothing answered may be lost
                    bot = start(wecom, db, tmp_path)
                    wecom.redeliver(msgid)  # WeCom delivers it again after the restart: ignored
            if round_number < ROUNDS:
                assert current_tables(db), f"round {round_number + 1} was not posted"
        assert redelivered is not None and len(wecom.replies_to(redelivered)) == 1

        standings = say(wecom, ADMIN, "排名")
        assert "最终排名" in standings, standings
        pushed_before = len(wecom.files_pushed(GROUP))
        say(wecom, ADMIN, "导出")
        files = wecom.wait_for(lambda: wecom.files_pushed(GROUP)[pushed_before:]
                               if len(wecom.files_pushed(GROUP)) - pushed_before >= 4 else None, 30, "the export")
        pushed_before = len(wecom.files_pushed(GROUP))
        say(wecom, ADMIN, "打印 standings")
        [printed] = wecom.wait_for(lambda: wecom.files_pushed(GROUP)[pushed_before:], 60, "the printed standings")
    finally:
        output = kill(bot)
    assert "Traceback" not in output
    assert wecom.violations == [] and wecom.uploads.violations == []
    assert [file.file_name for file in files] == ["entries.csv", "matches.csv", "standings.csv", "tournament.xlsx"]
    assert printed.file_name.endswith(".pdf") and printed.content.startswith(b"%PDF")

    # Every pair played every round, nobody twice against the same pair; the standings agree with the results.
    results = played(db)
    kinds = Counter(history(db))
    assert len(results) == 8 * ROUNDS
    assert sum(kinds[kind] for kind in kinds if kind.startswith("result.")) == 8 * ROUNDS, kinds  # each once
    meetings = Counter(frozenset((left, right)) for _, left, right, _ in results)
    assert max(meetings.values()) == 1
    assert units_at_tables(db) == (IMPORTED, 0)  # the departments came with the roster; none met itself
    wins = Counter(left if winner == "left" else right for _, left, right, winner in results)
    table = list(csv.DictReader(io.StringIO(files[2].content.decode("utf-8-sig"))))
    assert len(table) == 16
    assert sorted(int(row["won"]) for row in table) == sorted([wins.get(team, 0) for team in
                                                               {team for _, left, right, _ in results
                                                                for team in (left, right)}])
    assert all(int(row["played"]) == ROUNDS for row in table)
    entries = files[0].content.decode("utf-8-sig")
    assert all(department in entries for department in DEPARTMENTS) and "唐伟" in entries
    assert json.loads(draw_file.content)
