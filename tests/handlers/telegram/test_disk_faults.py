"""A full disk or a read-only database: changes fail with a clear message and leave nothing half-written,
questions are still answered, and the bot recovers by itself when writing works again."""

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest

from bot.i18n import Language, t
from storage import Storage
from storage.database import StorageFull
from tests.handlers.conftest import Group
from tests.support.harness import OfflineBot


def storage_of(offline: OfflineBot) -> Storage:
    return offline.application.bot_data.services.storage


async def state(offline: OfflineBot, chat_id: int) -> tuple[object, int]:
    async with storage_of(offline).read() as tx:
        language = await tx.fetch_value("SELECT language FROM chats WHERE chat_id = ?", (chat_id,))
        events = await tx.fetch_value("SELECT count(*) FROM history WHERE chat_id = ?", (chat_id,))
    return language, int(events)


@asynccontextmanager
async def read_only(storage: Storage) -> AsyncIterator[None]:
    await storage.pragma("query_only = ON")
    try:
        yield
    finally:
        await storage.pragma("query_only = OFF")


@asynccontextmanager
async def full_disk(storage: Storage) -> AsyncIterator[None]:
    """No page left: the size limit is the current size and the history's last page is packed with events
    smaller than any the bot writes."""
    pages = int(await storage.pragma("page_count"))
    await storage.pragma(f"max_page_count = {pages + 2}")
    for padding in (1000, 100, 0):  # big events fill the pages quickly, empty ones the last gaps
        with pytest.raises(StorageFull):  # noqa: PT012 - fills until it fails
            for _ in range(10_000):
                async with storage.transaction() as tx:
                    await tx.execute("INSERT INTO history (actor, kind, at) VALUES (?, '', '')", ("x" * padding,))
    try:
        yield
    finally:
        await storage.pragma("max_page_count = 1073741823")


FAULTS: dict[str, tuple[Callable[[Storage], object], str]] = {
    "read-only": (read_only, "storage.read_only"),
    "full": (full_disk, "storage.full"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
async def test_a_change_fails_cleanly_and_works_again_when_the_disk_does(group_with_admin: Group, fault: str) -> None:
    offline, chat_id = group_with_admin.offline, int(group_with_admin.chat["id"])
    make, key = FAULTS[fault]
    await group_with_admin.say(group_with_admin.admin, "/help")
    before = await state(offline, chat_id)
    async with make(storage_of(offline)):  # type: ignore[attr-defined]
        assert await group_with_admin.say(group_with_admin.admin, "/lang en") == [t(key, Language.ZH)]
        assert await state(offline, chat_id) == before
        [help_text] = await group_with_admin.say(group_with_admin.member, "/help")
        assert "/start" in help_text
    assert await group_with_admin.say(group_with_admin.admin, "/lang en") == ["Done: this chat now speaks English."]
    assert await state(offline, chat_id) == ("en", before[1] + 1)
