from bot.i18n import Language
from storage import Storage, chats, history
from tests.storage.conftest import AT


async def test_a_new_chat_has_no_language(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await chats.remember_chat(tx, -5, "group", "Club", AT)
        chat = await chats.get_chat(tx, -5)
    assert chat == chats.Chat(-5, "group", "Club", None, None)


async def test_language_survives_a_title_change(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await chats.set_language(tx, -5, Language.EN, AT)
        await chats.remember_chat(tx, -5, "group", "New title", AT)
        chat = await chats.get_chat(tx, -5)
    assert chat is not None and chat.language is Language.EN and chat.title == "New title"


async def test_migration_moves_language_and_history(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await chats.remember_chat(tx, -5, "group", "Club", AT)
        await chats.set_language(tx, -5, Language.EN, AT)
        await history.append(tx, chat_id=-5, actor="user:1", kind="chat.language", at=AT)
        assert await chats.migrate_chat(tx, -5, -1005, AT) is True
        assert await chats.migrate_chat(tx, -5, -1005, AT) is False
        new, old = await chats.get_chat(tx, -1005), await chats.get_chat(tx, -5)
        moved = await history.for_chat(tx, -1005)
        left = await history.for_chat(tx, -5)
    assert new is not None and new.language is Language.EN and new.kind == "supergroup"
    assert old is not None and old.migrated_to == -1005
    assert [entry.kind for entry in moved] == ["chat.language"] and left == []


async def test_migration_keeps_a_language_already_chosen_in_the_supergroup(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await chats.set_language(tx, -5, Language.EN, AT)
        await chats.set_language(tx, -1005, Language.ZH, AT)
        await chats.migrate_chat(tx, -5, -1005, AT)
        new = await chats.get_chat(tx, -1005)
    assert new is not None and new.language is Language.ZH
