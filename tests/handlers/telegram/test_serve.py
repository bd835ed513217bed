"""A webhook worker's update handling on the real application and database (both engines): 200 once recorded, a
re-delivery answered 200 without being applied or answered again, 500 when handling failed before the update was
recorded, forged and unreadable updates refused without being stored."""

from __future__ import annotations

from pathlib import Path

from bot.claims import UpdateClaim
from handlers.telegram.serve import RecordedUpdates, WebhookWorker
from tests.support.harness import OfflineBot
from tests.support.postgres import settings_for
from tests.support.updates import FakeUser, group_chat

ADMIN = FakeUser(11, "老王", "laowang")
GROUP = group_chat(-4_000_555, "周五掼蛋")


async def history_count(offline: OfflineBot, kind: str) -> int:
    async with offline.application.bot_data.services.storage.read() as tx:
        return int(await tx.fetch_value("SELECT count(*) FROM history WHERE kind = ?", (kind,)))


async def test_an_update_is_applied_once_and_its_redelivery_answered_200_without_a_second_reply(
        migrated_target: Path | str) -> None:
    async with OfflineBot.running(settings_for(migrated_target)) as offline:
        worker = WebhookWorker(offline.application)
        offline.telegram.set_admins(GROUP["id"], ADMIN.to_json())
        update = offline.updates.message(GROUP, ADMIN, "/lang en")
        assert await worker.handle(update) == 200
        replies = offline.telegram.sent_texts(GROUP["id"])
        assert replies == ["Done: this chat now speaks English."]
        assert await worker.handle(update) == 200
        assert offline.telegram.sent_texts(GROUP["id"]) == replies
        assert await history_count(offline, "chat.language") == 1
        question = offline.updates.message(GROUP, ADMIN, "/lang")  # changes nothing: recorded when done
        assert await worker.handle(question) == 200
        assert await worker.handle(question) == 200
        assert len(offline.telegram.sent_texts(GROUP["id"])) == 2


async def test_handling_that_fails_before_the_update_is_recorded_is_500(migrated_target: Path | str) -> None:
    async with OfflineBot.running(settings_for(migrated_target)) as offline:
        worker = WebhookWorker(offline.application)
        update = offline.updates.message(GROUP, ADMIN, "/lang en")
        storage = offline.application.bot_data.services.storage
        await storage.close()  # nothing can be read or recorded now
        try:
            assert await worker.handle(update) == 500
        finally:
            await storage.open()
        assert await worker.handle(update) == 200  # Telegram's next delivery


async def test_forged_and_unreadable_updates_are_refused_and_not_stored(migrated_target: Path | str) -> None:
    async with OfflineBot.running(settings_for(migrated_target)) as offline:
        worker = WebhookWorker(offline.application)
        robot = FakeUser(99, "Robot", "robot_bot", is_bot=True)
        forged = offline.updates.message(GROUP, robot, "/lang en")
        assert await worker.handle(forged) == 200  # answered, so Telegram does not deliver it again
        unreadable = {"update_id": forged["update_id"] + 1, "message": {"text": "no chat, no date"}}
        assert await worker.handle(unreadable) == 400
        async with offline.application.bot_data.services.storage.read() as tx:
            assert await tx.fetch_value("SELECT count(*) FROM processed_updates") == 0
        assert offline.telegram.sent_texts() == []


def test_the_recorded_updates_are_told_by_the_claims_and_taken_once() -> None:
    recorded = RecordedUpdates()
    claim = UpdateClaim(5, -1, None, recorded.handled)  # type: ignore[arg-type]
    claim.mark_recorded()
    assert recorded.take(5) and not recorded.take(5) and not recorded.take(6)
