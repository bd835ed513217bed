"""The one error handler, driven through commands that fail on purpose."""

import logging
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import pytest
from telegram.error import Conflict, NetworkError

from bot.config import Settings
from bot.errors import TournamentError
from bot.i18n import Language, t
from handlers.commands import COMMANDS
from handlers.invocation import Invocation
from handlers.registry import CommandSpec
from handlers.telegram.error_handler import on_error
from tests.support.harness import OfflineBot
from tests.support.updates import FakeUser, group_chat

ALICE = FakeUser(1, "Alice", language_code="en")
GROUP = group_chat()


class UnknownTable(TournamentError):
    key = "errors.tournament"  # an existing text: this leaf exists only in this test


async def refuse(call: Invocation) -> None:
    raise UnknownTable(table="<9>")


async def crash(call: Invocation) -> None:
    raise RuntimeError("database password is hunter2")


@pytest.fixture
async def failing_bot(settings: Settings) -> AsyncIterator[OfflineBot]:
    commands = (*COMMANDS, CommandSpec("refuse", refuse, listed=False), CommandSpec("crash", crash, listed=False))
    async with OfflineBot.running(settings, commands=commands) as running:
        yield running


async def test_a_guandan_error_is_answered_with_its_localized_text(failing_bot: OfflineBot) -> None:
    assert await failing_bot.say(GROUP, ALICE, "/refuse") == ["比赛操作无效。"]


async def test_an_unexpected_error_gets_an_apology_without_internals(
    failing_bot: OfflineBot, caplog: pytest.LogCaptureFixture
) -> None:
    update = failing_bot.updates.message(GROUP, ALICE, "/crash")
    with caplog.at_level(logging.ERROR):
        [reply] = [call.text for call in await failing_bot.process(update)]
    assert reply == "抱歉，机器人这边出了问题，本次操作没有生效，请稍后再试。"
    assert "hunter2" not in reply
    assert f"update {update['update_id']} failed" in caplog.text and "hunter2" in caplog.text


async def test_the_apology_is_in_the_chats_language(failing_bot: OfflineBot) -> None:
    private: dict[str, Any] = {"id": ALICE.user_id, "type": "private", "first_name": "Alice"}
    assert await failing_bot.say(private, ALICE, "/crash") == [
        "Sorry, something went wrong on my side and nothing was changed. Please try again in a moment."]


async def test_a_failing_reply_is_only_logged(failing_bot: OfflineBot, caplog: pytest.LogCaptureFixture) -> None:
    failing_bot.telegram.fail_forbidden("sendMessage", times=2)  # the answer, then the apology
    with caplog.at_level(logging.INFO):
        assert await failing_bot.say(GROUP, ALICE, "/help") == []
    assert "may no longer write in this chat" in caplog.text
    assert [call.status for call in failing_bot.telegram.calls_to("sendMessage")] == [403, 403]
    assert await failing_bot.say(GROUP, ALICE, "/help") != []


async def test_a_storage_failure_is_answered_and_changes_nothing(failing_bot: OfflineBot) -> None:
    admin = FakeUser(2, "Boss")
    failing_bot.telegram.set_admins(int(GROUP["id"]), admin.to_json())
    storage = failing_bot.application.bot_data.services.storage
    await failing_bot.say(GROUP, admin, "/help")  # the intake has now seen this chat
    await storage.pragma("query_only = ON")
    replies = await failing_bot.say(GROUP, admin, "/lang en")
    await storage.pragma("query_only = OFF")
    assert replies == ["无法保存：机器人的数据库暂时无法写入，本次操作没有生效。请稍后再试。"]
    [current] = await failing_bot.say(GROUP, admin, "/lang")
    assert "中文" in current


@pytest.mark.parametrize(("error", "level"), [(NetworkError("connection dropped"), logging.WARNING),
                                               (ValueError("a bug"), logging.ERROR)])
async def test_errors_outside_an_update(caplog: pytest.LogCaptureFixture, error: Exception, level: int) -> None:
    with caplog.at_level(logging.INFO):
        await on_error(None, SimpleNamespace(error=error))  # type: ignore[arg-type]
    assert [record.levelno for record in caplog.records] == [level]


async def test_a_conflict_while_polling_is_one_line_naming_delete_webhook(caplog: pytest.LogCaptureFixture) -> None:
    """Telegram answers getUpdates with 409 once a webhook is set (or another process polls with the token)."""
    error = Conflict("Conflict: can't use getUpdates method while webhook is active")
    context = SimpleNamespace(error=error, services=SimpleNamespace(settings=Settings(language=Language.EN)))
    with caplog.at_level(logging.INFO):
        await on_error(None, context)  # type: ignore[arg-type]
    [record] = caplog.records
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert record.getMessage() == t("run.polling_conflict", Language.EN, error=str(error))
    assert "python -m bot delete-webhook" in record.getMessage()
