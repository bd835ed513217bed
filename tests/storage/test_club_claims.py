"""Claims of names the club knows (migration 0014), on each engine: added, listed per chat, closed once."""

from datetime import timedelta

from storage import Storage
from storage import club as club_rows
from tests.storage.conftest import AT

BIG_ID = 7_000_000_000  # a Telegram id beyond 32 bits


async def test_a_claim_is_open_until_it_is_accepted_or_cancelled(storage: Storage) -> None:
    async with storage.transaction() as tx:
        first = await club_rows.add_claim(tx, -100, person_key="name:张三", name="张三", user_id=BIG_ID,
                                          display_name="阿三", at=AT)
        second = await club_rows.add_claim(tx, -100, person_key="name:李四", name="李四", user_id=9,
                                           display_name="Lily", at=AT + timedelta(minutes=1))
        await club_rows.add_claim(tx, -200, person_key="name:张三", name="张三", user_id=9, display_name="x", at=AT)
    async with storage.transaction() as tx:
        waiting = await club_rows.open_claims(tx, -100)
        await club_rows.resolve_claim(tx, first, "accepted", AT + timedelta(minutes=2))
        await club_rows.resolve_claim(tx, first, "cancelled", AT + timedelta(minutes=3))  # closed already: kept
        left = await club_rows.open_claims(tx, -100)
        status = await tx.fetch_value("SELECT status FROM club_claims WHERE claim_id = ?", (first,))
    assert [(claim.claim_id, claim.person_key, claim.user_id, claim.display_name) for claim in waiting] == [
        (first, "name:张三", BIG_ID, "阿三"), (second, "name:李四", 9, "Lily")]
    assert [claim.claim_id for claim in left] == [second] and status == "accepted"
