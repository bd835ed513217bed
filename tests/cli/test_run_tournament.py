"""The bot as a process (``python -m bot run`` against the HTTP fake of the Bot API) runs a whole tournament,
is killed with SIGKILL in the middle, restarts, and finishes it with nothing lost."""

from __future__ import annotations

import json
import signal
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_run import ADMIN, GROUP, confirmed_past, replies, server, start_bot
from tests.support.http_server import BotApiServer
from tests.support.telegram import ApiCall
from tests.support.updates import FakeUser, UpdateFactory

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow

__all__ = ["server"]  # the fixture, shared with the other process-level test

PLAYERS = [FakeUser(500 + number, f"选手{number}") for number in range(1, 9)]


class Club:
    def __init__(self, api: BotApiServer, factory: UpdateFactory) -> None:
        self.api = api
        self.factory = factory

    def send(self, update: dict[str, Any], answers: int = 1) -> list[ApiCall]:
        """Queue one update and wait until the bot has answered it (``answers`` messages or one press answer)."""
        before = len(self.api.calls())
        self.api.enqueue_update(update)
        if "callback_query" in update:
            calls = self.api.wait_for(lambda calls: any(
                call.method == "answerCallbackQuery" for call in calls[before:]))
            self.api.wait_for(lambda calls: len(replies(calls[before:])) >= answers)
        else:
            calls = self.api.wait_for(lambda calls: len(replies(calls[before:])) >= answers)
        return calls[before:]

    def acknowledged(self, update: dict[str, Any]) -> None:
        """Queue a message update and wait for the bot's reaction on it."""
        message_id = update["message"]["message_id"]
        before = len(self.api.calls())
        self.api.enqueue_update(update)
        self.api.wait_for(lambda calls: any(call.method == "setMessageReaction" and call.status == 200
                                            and call.params.get("message_id") == message_id
                                            for call in calls[before:]))

    def say(self, user: FakeUser, text: str, answers: int = 1) -> list[str]:
        return [call.text for call in replies(self.send(self.factory.message(GROUP, user, text), answers))]


def seats(db: Path, table: int) -> tuple[list[str], list[str]]:
    """The members (``tg:<id>``) of the left and right pair at ``table`` of the latest started round."""
    with sqlite3.connect(db) as connection:
        row = connection.execute(
            "SELECT l.members, r.members FROM matches m JOIN teams l ON l.tournament_id = m.tournament_id"
            " AND l.team_id = m.left_team JOIN teams r ON r.tournament_id = m.tournament_id"
            " AND r.team_id = m.right_team WHERE m.table_number = ? ORDER BY m.round DESC LIMIT 1", (table,),
        ).fetchone()
    return json.loads(row[0]), json.loads(row[1])


def player(key: str) -> FakeUser:
    return next(user for user in PLAYERS if f"tg:{user.user_id}" == key)


def test_a_tournament_survives_sigkill(server: BotApiServer, tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    club = Club(server, UpdateFactory())
    bot = start_bot(server, db, tmp_path)
    try:
        assert "开始报名" in club.say(ADMIN, "/new 周五杯")[0]
        # In a group each sign-up gets 👌 on its command at once, the names one gathered message.
        for user in PLAYERS:
            club.acknowledged(club.factory.message(GROUP, user, "/signup"))
        server.wait_for(lambda calls: any(
            call.method in {"sendMessage", "editMessageText"} and call.status == 200
            and all(user.first_name in call.text for user in PLAYERS) and "已报名" in call.text for call in calls))
        texts = club.say(ADMIN, "/draw", answers=4)
        assert "报名截止" in texts[0] and "共 4 对" in texts[1]
        left, right = seats(db, 1)
        club.say(player(left[0]), "/result 1 K A+")
        club.say(player(right[0]), "/confirm 1")
        left, right = seats(db, 2)
        [report] = [call for call in club.send(club.factory.message(GROUP, player(left[0]), "/result 2 A+ 10"))
                    if call.method == "sendMessage"]
        last = server.on_server(lambda: max(update["update_id"] for update in server.telegram.updates))
        server.wait_for(confirmed_past(last))  # Telegram knows every update was delivered: none comes again
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.communicate(timeout=10)

    bot = start_bot(server, db, tmp_path)
    try:
        [confirm] = [data for row in report.params["reply_markup"]["inline_keyboard"] for button in row
                     for data in [button["callback_data"]] if ":cf:" in data]
        press = club.factory.callback_query(GROUP, player(right[1]), confirm, report.result)
        # The confirmed result shows in the report itself (one edit), then the final is posted.
        before = len(server.calls())
        club.send(press, answers=1)
        calls = server.wait_for(lambda calls: any(call.method == "editMessageText" for call in calls[before:])
                                and len(replies(calls[before:])) >= 1)[before:]
        [edited] = [call for call in calls if call.method == "editMessageText"]
        assert "✅ 第 2 桌" in edited.text and edited.params["message_id"] == report.result["message_id"]
        assert "决赛" in replies(calls)[0].text
        left, right = seats(db, 1)
        club.say(player(left[1]), "/result 1 A+ 2")
        texts = club.say(player(right[1]), "/confirm 1", answers=2)
        assert "圆满结束" in texts[1]
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.communicate(timeout=10)
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT status FROM tournaments").fetchone() == ("finished",)
        kinds = [row[0] for row in connection.execute("SELECT kind FROM history ORDER BY event_id")]
    assert kinds.count("entry.signed_up") == 8 and kinds.count("result.confirmed") == 3
    assert kinds.count("round.started") == 2 and kinds[-1] == "tournament.finished"
