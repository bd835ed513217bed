import pytest

from bot.errors import StorageError
from bot.tournament.entries import RegistrationMode
from bot.tournament.record import TournamentStatus
from bot.tournament.settings import TournamentSettings
from storage import Storage, Tx, chats, tournaments
from tests.storage.conftest import AT, violation


async def new(tx: Tx, chat_id: int = -5, name: str = "Cup") -> int:
    return await tournaments.create_tournament(
        tx, chat_id=chat_id, name=name, mode=RegistrationMode.PAIRS, creator="user:1", creator_user_id=1,
        settings=TournamentSettings(capacity=8), at=AT)


async def test_create_and_read_back(storage: Storage) -> None:
    async with storage.transaction() as tx:
        tournament_id = await new(tx)
        record = await tournaments.open_tournament(tx, -5)
    assert record is not None and record.tournament_id == tournament_id
    assert (record.status, record.settings.capacity, record.version, record.seed) == (
        TournamentStatus.REGISTRATION, 8, 1, None)


async def test_at_most_one_open_tournament_per_chat(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await new(tx)
    with pytest.raises(violation(storage, "unique")[0]):
        async with storage.transaction() as tx:
            await new(tx, name="Second")
    async with storage.transaction() as tx:
        await new(tx, chat_id=-6)


async def test_latest_prefers_the_open_one_then_the_last_finished(storage: Storage) -> None:
    async with storage.transaction() as tx:
        first = await new(tx, name="First")
        await tournaments.set_status(tx, first, TournamentStatus.FINISHED, AT)
        second = await new(tx, name="Second")
        await tournaments.set_status(tx, second, TournamentStatus.FINISHED, AT)
        latest = await tournaments.latest_tournament(tx, -5)
        assert latest is not None and latest.name == "Second" and latest.finished_at == AT
        third = await new(tx, name="Third")
        await tournaments.set_status(tx, third, TournamentStatus.CANCELLED, AT)
        assert (await tournaments.latest_tournament(tx, -5)).name == "Second"  # type: ignore[union-attr]
        await new(tx, name="Open")
        assert (await tournaments.latest_tournament(tx, -5)).name == "Open"  # type: ignore[union-attr]


async def test_touch_counts_versions_and_a_chat_move_counts_too(storage: Storage) -> None:
    async with storage.transaction() as tx:
        tournament_id = await new(tx)
        assert await tournaments.touch(tx, tournament_id, AT) == 2
        await chats.migrate_chat(tx, -5, -1005, AT)
        moved = await tournaments.open_tournament(tx, -1005)
    assert moved is not None and moved.tournament_id == tournament_id and moved.version == 3


async def test_draw_is_recorded(storage: Storage) -> None:
    async with storage.transaction() as tx:
        tournament_id = await new(tx)
        assert await tournaments.account_secret(tx, tournament_id) is None
        await tournaments.record_draw(tx, tournament_id, commitment="c" * 64, seed="s" * 64, draw_file="{}",
                                      account_secret="ab" * 32, at=AT)
        record = await tournaments.get_tournament(tx, tournament_id)
        assert await tournaments.draw_file(tx, tournament_id) == "{}"
        assert await tournaments.account_secret(tx, tournament_id) == b"\xab" * 32
    assert record is not None and (record.status, record.commitment, record.drawn_at) == (
        TournamentStatus.DRAWN, "c" * 64, AT)


async def test_an_undone_draw_takes_its_file_and_account_secret_along(storage: Storage) -> None:
    async with storage.transaction() as tx:
        tournament_id = await new(tx)
        await tournaments.record_draw(tx, tournament_id, commitment="c" * 64, seed="s" * 64, draw_file="{}",
                                      account_secret="ab" * 32, at=AT)
        await tournaments.undo_draw(tx, tournament_id)
        assert await tournaments.draw_file(tx, tournament_id) is None
        assert await tournaments.account_secret(tx, tournament_id) is None


async def test_settings_must_be_json(storage: Storage) -> None:
    async with storage.transaction() as tx:
        tournament_id = await new(tx)
    with pytest.raises((violation(storage)[0], StorageError)):
        async with storage.transaction() as tx:
            await tx.execute("UPDATE tournaments SET settings = 'nope' WHERE tournament_id = ?", (tournament_id,))
