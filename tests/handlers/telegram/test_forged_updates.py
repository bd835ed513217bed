"""Updates Telegram would never send are refused quietly — no reply, no error logged, nothing
stored (not even the people in them), and the bot goes on answering.

Telegram's user ids have at most 52 significant bits and are positive, every account has a first name, a bot's
messages and presses never reach another bot, and buttons are pressed only under the bot's own messages."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import pytest

from tests.handlers.test_permission_matrix import MATRIX
from tests.handlers.tournament_helpers import Club
from tests.support.updates import JSON, FakeUser

NO_NAME = FakeUser(0, "")
HUGE_ID = FakeUser(2**63, "Big")
JUST_TOO_BIG = FakeUser(2**52, "Big")
ROBOT = FakeUser(7_000_001, "Robot", "robot_bot", is_bot=True)


async def everything(club: Club) -> str:
    storage = club.offline.application.bot_data.services.storage
    tables: dict[str, Any] = {}
    async with storage.read() as tx:
        for name in ("users", "chats", "tournaments", "entries", "entry_members", "history", "processed_updates"):
            rows = await tx.fetch_all(f"SELECT * FROM {name}")  # type: ignore[arg-type]  # names above
            tables[name] = sorted(json.dumps(dict(row), sort_keys=True, default=str) for row in rows)
    return json.dumps(tables)


def forged_message(sender: FakeUser, text: str = "/signup") -> Callable[[Club], JSON]:
    return lambda club: club.offline.updates.message(club.chat, sender, text)


def reply_to_forged(club: Club) -> JSON:
    earlier = club.offline.updates.message_json(club.chat, HUGE_ID, "hi")
    return club.offline.updates.message(club.chat, club.person(1), "/signup", reply_to=earlier)


def press_on_a_members_message(club: Club) -> JSON:
    """A valid sign-up button's data, pressed "under" a message a member wrote (no bot sent it)."""
    message = club.offline.updates.message_json(club.chat, club.member, "hello")
    return club.offline.updates.callback_query(club.chat, club.person(1), "t:1:su", message)


def press_by_a_bot(club: Club) -> JSON:
    message = club.offline.updates.bot_message_json(club.chat, club.offline.telegram.bot_user, "…")
    return club.offline.updates.callback_query(club.chat, ROBOT, "t:1:su", message)


def forged_update_id(club: Club) -> JSON:
    update = club.offline.updates.message(club.chat, club.person(1), "/signup")
    return update | {"update_id": 2**63}


FORGED: dict[str, Callable[[Club], JSON]] = {
    "sender id 0 with an empty name": forged_message(NO_NAME),
    "sender id 2**63": forged_message(HUGE_ID),
    "sender id 2**52": forged_message(JUST_TOO_BIG),
    "a bot account signing up": forged_message(ROBOT),
    "a bot account asking for help": forged_message(ROBOT, "/help"),
    "a reply to a message of user 2**63": reply_to_forged,
    "a button press on a member's message": press_on_a_members_message,
    "a button press by a bot account": press_by_a_bot,
    "update id 2**63": forged_update_id,
}


@pytest.mark.parametrize("name", list(FORGED))
async def test_a_forged_update_is_refused_quietly(club: Club, caplog: pytest.LogCaptureFixture, name: str) -> None:
    await club.say(club.admin, "/new 周五杯")
    before = await everything(club)
    before_calls = len(club.offline.telegram.calls)
    with caplog.at_level(logging.WARNING):
        replies = await club.offline.process(FORGED[name](club))
    assert replies == []
    assert [call.method for call in club.offline.telegram.calls[before_calls:]] == []
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR] == []
    assert await everything(club) == before
    assert "选手2" in (await club.say(club.person(2), "/signup"))[0]  # the bot goes on


async def test_the_anonymous_administrator_is_a_bot_account_and_still_heard(club: Club) -> None:
    """GroupAnonymousBot sends an anonymous administrator's messages (with ``sender_chat``): not a forgery."""
    [opened] = await club.offline.say(club.chat, None, "/new 周五杯", sender_chat=club.chat)
    assert "周五杯" in opened


async def test_forged_senders_are_refused_every_command_quietly(club: Club) -> None:
    """A bot account (Telegram never delivers another bot's messages) or an account Telegram cannot have (id 0, no
    name) gets no answer to any command of the permission matrix, in a group with a drawn tournament, and nothing
    changes."""
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    for sender in (ROBOT, NO_NAME):
        for line in sorted(MATRIX):
            before = await club.fingerprint()
            assert await club.offline.say(club.chat, sender, line) == [], (sender, line)
            assert await club.fingerprint() == before, (sender, line)
