"""Update idempotency and the users the bot has seen."""

from bot.offline.updates import FakeUser
from storage import chats, users
from tests.handlers.conftest import Group


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
