import pytest

from storage import Storage, history
from tests.storage.conftest import AT, violation


async def test_append_and_read_back_in_order(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await history.append(tx, chat_id=-5, actor="user:1", kind="a", at=AT, details={"名字": "张三"})
        await history.append(tx, chat_id=-5, actor="user:2", kind="b", at=AT, tournament_id=3)
        entries = await history.for_chat(tx, -5)
        of_tournament = await history.for_tournament(tx, 3)
    assert [(entry.kind, entry.actor) for entry in entries] == [("a", "user:1"), ("b", "user:2")]
    assert entries[0].details == {"名字": "张三"} and entries[0].at == AT
    assert [entry.kind for entry in of_tournament] == ["b"]


@pytest.mark.parametrize(
    "statement",
    ["UPDATE history SET details = '{}'", "UPDATE history SET kind = 'forged'", "DELETE FROM history"],
)
async def test_history_is_append_only(storage: Storage, statement: str) -> None:
    async with storage.transaction() as tx:
        await history.append(tx, chat_id=-5, actor="user:1", kind="a", at=AT, details={"x": 1})
    with pytest.raises(violation(storage)[0], match="append-only"):
        async with storage.transaction() as tx:
            await tx.execute(statement)  # type: ignore[arg-type]
