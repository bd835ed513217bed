"""``python -m bot run`` on WeCom: the real process against a local stand-in of the 智能机器人 long connection
(``tests.support.wecom_server``) — a tournament from ``/new`` to the final by @-mentions with slash commands and
Chinese verbs, through a dropped connection, a SIGKILL and a restart and a re-delivered message; a reminder pushed
on time, also by a restarted process; a private rule question; a wrong secret; a second connection taking over; and
Telegram and WeCom in one process."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from websockets.sync.client import connect

from bot.i18n import Language, t
from bot.tournament.entries import WECOM_FIRST_USER_ID
from tests.support.http_server import BotApiServer
from tests.support.process import OFFLINE_PROCESS_TOKEN
from tests.support.updates import FakeUser, UpdateFactory, group_chat
from tests.support.wecom_server import BOT_ID, REFUSED_CREDENTIALS, SECRET, Sent, WeComStandIn

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow

GROUP = "wrOgGuandanClub"
ADMIN = "laowang"
PLAYERS = [f"player{number}" for number in range(1, 9)]
MENTION = "@掼蛋助手 "
ZONE = ZoneInfo("Asia/Shanghai")


@pytest.fixture
def wecom() -> Iterator[WeComStandIn]:
    with WeComStandIn() as running:
        yield running


def environment(wecom: WeComStandIn, db: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TELEGRAM_", "GUANDAN_", "WECOM_"))}
    return env | {"WECOM_BOT_ID": BOT_ID, "WECOM_BOT_SECRET": SECRET, "WECOM_WS_URL": wecom.url,
                  "WECOM_ORGANISERS": ADMIN, "GUANDAN_DB": str(db)} | extra


def start(wecom: WeComStandIn, db: Path, cwd: Path, **extra: str) -> subprocess.Popen[str]:
    """The bot as a process, subscribed to the stand-in when this returns."""
    subscribed = len(wecom.subscriptions)
    bot = subprocess.Popen([sys.executable, "-m", "bot", "run"], env=environment(wecom, db, **extra), cwd=cwd,
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wecom.wait_for(lambda: len(wecom.subscriptions) > subscribed and wecom.connected, 20, "the subscription")
    return bot


def kill(bot: subprocess.Popen[str]) -> str:
    bot.send_signal(signal.SIGKILL)
    return bot.communicate(timeout=10)[0]


def say(wecom: WeComStandIn, userid: str, text: str) -> str:
    """``userid`` @-mentions the bot in the group; its reply."""
    return wecom.answer(wecom.say(userid, MENTION + text, chatid=GROUP))


def reply(wecom: WeComStandIn, userid: str, text: str) -> Sent:
    """``userid`` @-mentions the bot in the group; its reply frame."""
    msgid = wecom.say(userid, MENTION + text, chatid=GROUP)
    return wecom.wait_for(lambda: wecom.replies_to(msgid), what=f"a reply to {text}")[0]


def userid_of(db: Path, key: str) -> str:
    """The WeCom userid of a person key ``wecom:<n>``."""
    internal = WECOM_FIRST_USER_ID + int(key.removeprefix("wecom:"))
    with sqlite3.connect(db) as connection:
        return str(connection.execute("SELECT wecom_id FROM wecom_ids WHERE kind = 'user' AND internal_id = ?",
                                      (internal,)).fetchone()[0])


def seats(db: Path, table: int) -> tuple[list[str], list[str]]:
    """The userids of the left and right pair at ``table`` of the latest started round."""
    with sqlite3.connect(db) as connection:
        row = connection.execute(
            "SELECT l.members, r.members FROM matches m JOIN teams l ON l.tournament_id = m.tournament_id"
            " AND l.team_id = m.left_team JOIN teams r ON r.tournament_id = m.tournament_id"
            " AND r.team_id = m.right_team WHERE m.table_number = ? ORDER BY m.round DESC LIMIT 1", (table,),
        ).fetchone()
    return [userid_of(db, key) for key in json.loads(row[0])], [userid_of(db, key) for key in json.loads(row[1])]


def history(db: Path) -> list[str]:
    with sqlite3.connect(db) as connection:
        return [row[0] for row in connection.execute("SELECT kind FROM history ORDER BY event_id")]


def test_a_tournament_by_mentions_from_new_to_the_final(wecom: WeComStandIn, tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    bot = start(wecom, db, tmp_path)
    try:
        msgid = wecom.say(ADMIN, MENTION + "/new 周五杯", chatid=GROUP)
        [opened] = wecom.wait_for(lambda: wecom.replies_to(msgid))
        assert "开始报名" in opened.content and opened.card is not None
        [button] = opened.card["button_list"]
        # Sign-ups: the verb, the slash command, the verb with a slash, and the card's button.
        assert "报名成功" in say(wecom, PLAYERS[0], "报名")
        assert "报名成功" in say(wecom, PLAYERS[1], "/signup")
        assert "报名成功" in say(wecom, PLAYERS[2], "／报名")
        pushed = len(wecom.pushes(GROUP))
        task = opened.card["task_id"]
        pressed = wecom.press(PLAYERS[3], button["text"], task_id=task, chatid=GROUP)
        [update] = wecom.wait_for(lambda: wecom.answers_to_event(pressed, "aibot_respond_update_msg"))
        assert update.body["template_card"]["quote_area"]["quote_text"] == "player4：完成 ✅"
        assert wecom.live_buttons(task, PLAYERS[0]) == {button["text"]: button["key"]}  # still open to the rest
        assert len(wecom.pushes(GROUP)) == pushed  # the answer is on the card: nothing new in the group
        assert "张三" in say(wecom, PLAYERS[4], "改名 张三")
        for userid in PLAYERS[4:]:
            assert "报名成功" in say(wecom, userid, "报名")
        entries = say(wecom, ADMIN, "名单")
        assert "张三" in entries and "player1" in entries

        wecom.drop()  # a network failure: no close frame
        wecom.wait_for(lambda: wecom.live_connection() == 2, 15, "the reconnection")
        drawn = reply(wecom, ADMIN, "抽签")
        assert "报名截止" in drawn.content
        [draw_file] = wecom.wait_for(lambda: wecom.files_pushed(GROUP), what="the draw file")
        assert draw_file.file_name.endswith(".json")
        left, right = seats(db, 1)
        say(wecom, left[0], "成绩 1 K A+")
        assert "✅ 第 1 桌" in say(wecom, right[0], "确认 1")
        left, right = seats(db, 2)
        report = wecom.say(left[0], MENTION + "/result 2 A+ 10", chatid=GROUP)
        assert "第 2 桌" in wecom.answer(report)
    finally:
        kill(bot)

    bot = start(wecom, db, tmp_path)
    try:
        # WeCom delivers the report again after the restart: neither applied nor answered a second time.
        wecom.redeliver(report)
        time.sleep(1.0)
        assert len(wecom.replies_to(report)) == 1
        assert history(db).count("result.reported") == 2
        final = say(wecom, right[1], "/confirm 2")
        assert "✅ 第 2 桌" in final and "决赛" in final
        left, right = seats(db, 1)
        say(wecom, left[1], "成绩 1 A+ 2")
        assert "圆满结束" in say(wecom, right[1], "确认 1")
        standings = reply(wecom, ADMIN, "排名")
        assert "最终排名" in standings.content and "🥇" in standings.content and standings.images
    finally:
        output = kill(bot)
    assert SECRET not in output and "Traceback" not in output
    assert wecom.violations == []
    kinds = history(db)
    assert kinds.count("entry.signed_up") == 8 and kinds.count("result.confirmed") == 3
    assert kinds[-1] == "tournament.finished" and kinds.count("person.named") == 1

    out = tmp_path / "archive"
    done = subprocess.run([sys.executable, "-m", "bot", "export", "--db", str(db), "--out", str(out)],
                          capture_output=True, text=True, check=True)
    [folder] = [Path(line) for line in done.stdout.splitlines()]
    assert sorted(path.name for path in folder.iterdir()) == [
        "entries.csv", "matches.csv", "standings.csv", "tournament.xlsx"]
    table = list(csv.DictReader(io.StringIO((folder / "standings.csv").read_text(encoding="utf-8-sig"))))
    assert list(table[0]) == ["rank", "name", "points", "opponent_points", "level_difference", "played", "won",
                              "drawn", "lost", "byes", "group", "wins", "levels_reached", "withdrawn"]
    assert table[0]["rank"] == "1" and table[0]["won"] == "2" and table[0]["lost"] == "0"
    assert table[0]["wins"] == str(2 + int(table[0]["byes"])) and table[0]["withdrawn"] == "0"
    assert any("张三" in line["name"] for line in table)
    matches = list(csv.DictReader(io.StringIO((folder / "matches.csv").read_text(encoding="utf-8-sig"))))
    assert [line["status"] for line in matches] == ["confirmed"] * 3


def test_a_scheduled_reminder_is_pushed_on_time_also_by_a_restarted_process(wecom: WeComStandIn,
                                                                               tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    lead = 18.0  # seconds from launch to the reminder: room for the set-up on a busy machine
    start_at = (datetime.now(UTC) + timedelta(days=1)).replace(second=0, microsecond=0)
    reminder_due = start_at - timedelta(minutes=30)
    launched = time.monotonic()
    offset = (reminder_due - timedelta(seconds=lead) - datetime.now(UTC)).total_seconds()
    clock = {"GUANDAN_TEST_CLOCK_OFFSET_SECONDS": f"{offset:.3f}", "GUANDAN_TZ": ZONE.key}
    bot = start(wecom, db, tmp_path, **clock)
    try:
        say(wecom, ADMIN, "/new 夜场杯")
        for userid in PLAYERS:
            say(wecom, userid, "报名")
        say(wecom, ADMIN, "抽签")
        local = start_at.astimezone(ZONE)
        assert "第 1 轮开始时间" in say(wecom, ADMIN, f"日程 1 {local:%Y-%m-%d %H:%M}")
    finally:
        kill(bot)
    # Restarted before the reminder is due: the new process's scheduler pushes it, on time and once.
    bot = start(wecom, db, tmp_path, **clock)
    try:
        [reminder] = wecom.wait_for(lambda: [push for push in wecom.pushes(GROUP) if "还有 30 分钟" in push.content],
                                    lead + 15, "the reminder")
        assert "夜场杯" in reminder.content and "第 1 桌" in reminder.content and "迟发" not in reminder.content
        assert abs(reminder.at - (launched + lead)) < 4.0
        time.sleep(1.0)
    finally:
        kill(bot)
    assert len([push for push in wecom.pushes(GROUP) if "还有 30 分钟" in push.content]) == 1
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT state FROM announcements WHERE kind = 'reminder'").fetchone() == ("sent",)


def test_a_private_question_is_answered_and_a_verb_runs_in_private(wecom: WeComStandIn, tmp_path: Path) -> None:
    bot = start(wecom, tmp_path / "bot.sqlite3", tmp_path)
    try:
        answer = wecom.answer(wecom.say("lisi", "双下升几级"))
        assert "升3级" in answer or "升 3 级" in answer
        assert "/start" in wecom.answer(wecom.say("lisi", "帮助"))
        entered = wecom.enter("wangwu")  # once: a condition that entered again on every poll saw only the newest event
        [welcome] = wecom.wait_for(lambda: wecom.answers_to_event(entered, "aibot_respond_welcome_msg"))
        assert "新比赛" in welcome.content
        assert "群" in wecom.answer(wecom.say("lisi", "报名"))  # sign-up works in groups only
    finally:
        kill(bot)
    assert wecom.pushes() == [] and wecom.violations == []


def test_a_restarted_process_writes_instructions_with_the_name_it_learned(wecom: WeComStandIn,
                                                                         tmp_path: Path) -> None:
    """WeCom tells a bot no name: learned from a group message, kept in the database, used after a SIGKILL before
    anyone writes again (a welcome; a reminder pushed meanwhile)."""
    db = tmp_path / "bot.sqlite3"
    bot = start(wecom, db, tmp_path)
    try:
        assert "@掼蛋助手 报名" in say(wecom, ADMIN, "帮助")  # "@掼蛋助手 帮助": the name is learned
    finally:
        kill(bot)
    bot = start(wecom, db, tmp_path)
    try:
        entered = wecom.enter("wangwu")
        [welcome] = wecom.wait_for(lambda: wecom.answers_to_event(entered, "aibot_respond_welcome_msg"))
        assert "@掼蛋助手 新比赛" in welcome.content and "@机器人" not in welcome.content
    finally:
        kill(bot)


def test_a_wrong_secret_ends_the_process_with_one_line(wecom: WeComStandIn, tmp_path: Path) -> None:
    env = environment(wecom, tmp_path / "bot.sqlite3", WECOM_BOT_SECRET="not-the-secret-9d2")
    done = subprocess.run([sys.executable, "-m", "bot", "run"], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 2
    assert "WECOM_BOT_SECRET" in done.stderr and "Traceback" not in done.stderr + done.stdout
    assert "not-the-secret-9d2" not in done.stderr + done.stdout
    assert wecom.subscriptions == [(1, REFUSED_CREDENTIALS)]  # refused once, never retried


def test_a_second_connection_takes_over_and_the_first_process_stops(wecom: WeComStandIn, tmp_path: Path) -> None:
    bot = start(wecom, tmp_path / "bot.sqlite3", tmp_path)
    with connect(wecom.url) as other:
        other.send(json.dumps({"cmd": "aibot_subscribe", "headers": {"req_id": "aibot_subscribe_1"},
                               "body": {"bot_id": BOT_ID, "secret": SECRET}}))
        assert json.loads(other.recv(5))["errcode"] == 0
        output = bot.communicate(timeout=20)[0]
    assert bot.returncode == 0 and "新的长连接" in output and "Traceback" not in output
    assert wecom.subscriptions == [(1, 0), (2, 0)]


def test_telegram_and_wecom_in_one_process(wecom: WeComStandIn, tmp_path: Path) -> None:
    admin = FakeUser(11, "老王", "laowang")
    chat = group_chat(-4_000_555, "周五掼蛋")
    with BotApiServer() as telegram:
        env = {"TELEGRAM_BOT_TOKEN": OFFLINE_PROCESS_TOKEN, "TELEGRAM_BASE_URL": telegram.base_url,
               "GUANDAN_RATE_LIMIT": "off"}
        bot = start(wecom, tmp_path / "bot.sqlite3", tmp_path, **env)
        try:
            telegram.enqueue_update(UpdateFactory().message(chat, admin, "/name 王老板"))
            calls = telegram.wait_for(lambda calls: any(call.method == "sendMessage" for call in calls))
            assert any("王老板" in call.text for call in calls if call.method == "sendMessage")
            assert "报名" in wecom.answer(wecom.say("lisi", "帮助"))
        finally:
            output = kill(bot)
    assert output.count("Scheduler started") == 1 and OFFLINE_PROCESS_TOKEN not in output


def test_a_token_telegram_refuses_ends_the_process_of_both_platforms_with_one_line(
    wecom: WeComStandIn, tmp_path: Path
) -> None:
    """In the runner of both platforms: PTB's ``InvalidToken`` names the token; one line, exit 2."""
    with BotApiServer() as telegram:
        telegram.on_server(lambda: telegram.telegram.fail("getMe", status=401, description="Unauthorized", times=10))
        env = environment(wecom, tmp_path / "bot.sqlite3", TELEGRAM_BOT_TOKEN=OFFLINE_PROCESS_TOKEN,
                          TELEGRAM_BASE_URL=telegram.base_url, GUANDAN_RATE_LIMIT="off")
        done = subprocess.run([sys.executable, "-m", "bot", "run"], env=env, cwd=tmp_path, capture_output=True,
                              text=True, timeout=60)
    output = done.stdout + done.stderr
    secret = OFFLINE_PROCESS_TOKEN.split(":")[1]
    assert done.returncode == 2, output
    assert secret not in output and "Traceback" not in output
    assert t("run.token_refused", Language.ZH, where=telegram.base_url) in done.stderr.splitlines()
