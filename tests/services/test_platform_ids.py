"""Internal ids of WeCom people and groups: a reserved range each, never a Telegram id; person keys ``wecom:<n>``;
message ids as update ids that never meet Telegram's."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bot.services import Services
from bot.services.platform_ids import (
    WECOM_FIRST_CHAT_ID,
    Platform,
    WeComDirectory,
    platform_of_chat,
    remember_wecom_bot_name,
    wecom_bot_name,
    wecom_update_id,
)
from bot.tournament.entries import (
    WECOM_FIRST_USER_ID,
    Person,
    account_id,
    account_key,
    is_person_key,
)
from storage import Storage

NOW = datetime(2026, 5, 1, tzinfo=UTC)
TELEGRAM_LIMIT = 1 << 52


def test_account_keys_say_the_platform_and_read_back() -> None:
    assert account_key(42) == "tg:42" and account_id("tg:42") == 42
    assert account_key(WECOM_FIRST_USER_ID + 7) == "wecom:7" and account_id("wecom:7") == WECOM_FIRST_USER_ID + 7
    assert account_id("name:张三") is None and account_id("wecom:x") is None
    assert is_person_key("wecom:7") and not is_person_key("wecom:") and is_person_key("tg:42")
    assert Person.account(WECOM_FIRST_USER_ID, "zhangsan").has_account


def test_chats_are_told_apart_by_their_range() -> None:
    assert platform_of_chat(-1_002_000_000_321) is Platform.TELEGRAM
    assert platform_of_chat(TELEGRAM_LIMIT - 1) is Platform.TELEGRAM
    assert platform_of_chat(WECOM_FIRST_CHAT_ID) is Platform.WECOM
    assert platform_of_chat(WECOM_FIRST_USER_ID + 3) is Platform.WECOM  # a WeCom person's private chat


def test_message_ids_become_negative_update_ids() -> None:
    assert wecom_update_id("msg-1") == wecom_update_id("msg-1") < 0
    assert wecom_update_id("msg-1") != wecom_update_id("msg-2")
    assert wecom_update_id("x") > -(1 << 57)


async def test_the_directory_allocates_once_and_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    async with Storage(db) as storage:
        directory = WeComDirectory()
        await directory.load(storage)
        zhang = await directory.user_id(storage, "zhangsan", NOW)
        li = await directory.user_id(storage, "lisi", NOW)
        group = await directory.chat_id(storage, "wrGroup", NOW)
        assert (zhang, li) == (WECOM_FIRST_USER_ID, WECOM_FIRST_USER_ID + 1)
        assert group == WECOM_FIRST_CHAT_ID
        assert await directory.user_id(storage, "zhangsan", NOW) == zhang
    async with Storage(db) as storage:
        again = WeComDirectory()
        await again.load(storage)
        assert again.known_user("lisi") == li and again.wecom_id(group) == "wrGroup"
        assert await again.user_id(storage, "wangwu", NOW) == WECOM_FIRST_USER_ID + 2


async def test_the_bots_name_is_kept_per_bot_and_the_newest_wins(services: Services) -> None:
    storage = services.storage
    assert await wecom_bot_name(storage, "aib1") is None
    await remember_wecom_bot_name(storage, "aib1", "掼蛋助手", NOW)
    await remember_wecom_bot_name(storage, "aib2", "比赛小助手", NOW)
    await remember_wecom_bot_name(storage, "aib1", "掼蛋小秘书", NOW)  # renamed in the admin console
    assert await wecom_bot_name(storage, "aib1") == "掼蛋小秘书"
    assert await wecom_bot_name(storage, "aib2") == "比赛小助手"
