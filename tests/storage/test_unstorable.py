"""NUL and lone surrogates never reach the database: removed at the storage boundary, the same on both engines
(a chat title holding U+0000 once made every update of that chat fail on PostgreSQL, ``/help`` included)."""

from storage import Storage, chats, history
from storage.database import storable
from tests.storage.conftest import AT


async def test_a_chat_title_with_nul_is_stored_without_it(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await chats.remember_chat(tx, -100, "group", "周五\x00掼蛋\ud800群", AT)
        await history.append(tx, chat_id=-100, actor="tg:1", kind="test.nul", at=AT,
                             details={"title": "a\x00b"})
    async with storage.read() as tx:
        chat = await chats.get_chat(tx, -100)
        found = await tx.fetch_value("SELECT count(*) FROM chats WHERE title = ?", ("周五\x00掼蛋群",))
    assert chat is not None and chat.title == "周五掼蛋群"
    assert found == 1  # a lookup with the same text finds it


async def test_many_rows_and_one_statement_too(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await tx.execute_many("INSERT INTO chats (chat_id, kind, title, updated_at) VALUES (?, 'group', ?, ?)",
                              [(-1, "x\x00", AT.isoformat()), (-2, "y", AT.isoformat())])
    await storage.execute_one("UPDATE chats SET title = ? WHERE chat_id = ?", ("z\x00z", -2))
    row = await storage.query_one("SELECT title FROM chats WHERE chat_id = ?", (-1,))
    assert row is not None and row["title"] == "x"
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT title FROM chats WHERE chat_id = -2") == "zz"


def test_storable_leaves_clean_values_as_they_are() -> None:
    clean = ("周五", 3, None, b"\x00")
    assert storable(clean) is clean
    assert storable(("\x00a", 1)) == ("a", 1)
    assert storable({"t": "b\x00"}) == {"t": "b"}
