"""Update idempotency and the users the bot has seen."""

import pytest

from bot.clock import ManualClock
from bot.services.intake import admit_update
from handlers.telegram.callers import caller_of, people_of
from storage import chats, updates, users
from tests.handlers.conftest import Group
from tests.support.harness import OfflineBot
from tests.support.updates import FakeUser, to_update


async def test_a_redelivered_update_is_applied_once(group_with_admin: Group) -> None:
    offline = group_with_admin.offline
    update = offline.updates.message(group_with_admin.chat, group_with_admin.admin, "/lang en")
    assert len(await offline.process(update)) == 1
    assert await offline.process(update) == []


async def test_senders_and_replied_to_authors_are_remembered(group_with_admin: Group) -> None:
    offline = group_with_admin.offline
    stranger = FakeUser(303, "Wu", "wu_ge")
    earlier = offline.updates.message_json(group_with_admin.chat, stranger, "hi")
    await group_with_admin.say(group_with_admin.member, "/help", reply_to=earlier)
    async with offline.application.bot_data.services.storage.read() as tx:
        lily = await users.find_by_username(tx, "lily")
        wu = await users.find_by_username(tx, "@WU_GE")
    assert lily == users.SeenUser(202, "lily", "Lily", "en")
    assert wu is not None and wu.user_id == 303


async def test_the_bot_itself_and_anonymous_admins_are_not_remembered(group_with_admin: Group) -> None:
    offline = group_with_admin.offline
    bot_message = offline.updates.bot_message_json(group_with_admin.chat, offline.telegram.bot_user, "hello")
    await offline.say(group_with_admin.chat, None, "/help", sender_chat=group_with_admin.chat, reply_to=bot_message)
    async with offline.application.bot_data.services.storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM users") == 0


async def test_the_chat_is_remembered_with_its_title(group_with_admin: Group) -> None:
    await group_with_admin.say(group_with_admin.member, "hello")
    async with group_with_admin.offline.application.bot_data.services.storage.read() as tx:
        chat = await chats.get_chat(tx, int(group_with_admin.chat["id"]))
    assert chat == chats.Chat(int(group_with_admin.chat["id"]), "group", "周五掼蛋", None, None)


async def history_count(offline: OfflineBot, kind: str) -> int:
    async with offline.application.bot_data.services.storage.read() as tx:
        return int(await tx.fetch_value("SELECT count(*) FROM history WHERE kind = ?", (kind,)))


async def test_an_update_admitted_but_not_applied_before_a_crash_is_applied_when_redelivered(
    group_with_admin: Group, clock: ManualClock
) -> None:
    offline = group_with_admin.offline
    update = offline.updates.message(group_with_admin.chat, group_with_admin.admin, "/lang en")
    parsed = to_update(update, offline.application.bot)
    # The process admitted the update, then died before the handler's change committed.
    admitted = await admit_update(offline.application.bot_data.services.storage, update["update_id"],
                                  caller_of(parsed), people_of(parsed), clock())
    assert admitted is not None
    replies = await offline.process(update)
    assert [call.text for call in replies] == ["Done: this chat now speaks English."]
    assert await history_count(offline, "chat.language") == 1
    assert await offline.process(update) == [] and await history_count(offline, "chat.language") == 1


@pytest.mark.parametrize("text", ["/help", "/lang", "hello", "/nonsense@guandan_test_bot"])
async def test_updates_that_change_nothing_are_recorded_too(group_with_admin: Group, text: str) -> None:
    offline = group_with_admin.offline
    update = offline.updates.message(group_with_admin.chat, group_with_admin.admin, text)
    await offline.process(update)
    async with offline.application.bot_data.services.storage.read() as tx:
        assert await updates.is_processed(tx, update["update_id"])
    assert await offline.process(update) == []


async def test_a_refusal_is_recorded_and_not_repeated(group_with_admin: Group) -> None:
    offline = group_with_admin.offline
    update = offline.updates.message(group_with_admin.chat, group_with_admin.member, "/lang en")
    assert len(await offline.process(update)) == 1
    assert await offline.process(update) == [] and await history_count(offline, "chat.language") == 0


async def test_people_seen_lately_are_not_written_again_until_something_changes(
    group_with_admin: Group, clock: ManualClock
) -> None:
    offline = group_with_admin.offline
    storage = offline.application.bot_data.services.storage

    async def lily_seen_at() -> str:
        async with storage.read() as tx:
            return str(await tx.fetch_value("SELECT last_seen_at FROM users WHERE user_id = 202"))

    await group_with_admin.say(group_with_admin.member, "/help")
    first = await lily_seen_at()
    clock.advance(minutes=10)
    await group_with_admin.say(group_with_admin.member, "/help")
    assert await lily_seen_at() == first
    renamed = FakeUser(202, "Lily Chen", "lily", language_code="en")
    await group_with_admin.say(renamed, "/help")
    assert await lily_seen_at() != first
    async with storage.read() as tx:
        assert await users.get_user(tx, 202) == users.SeenUser(202, "lily", "Lily Chen", "en")
