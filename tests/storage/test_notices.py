from datetime import timedelta

from bot.tournament.entries import RegistrationMode
from bot.tournament.settings import TournamentSettings
from storage import Storage, notices, tournaments
from tests.storage.conftest import AT


async def _tournament(storage: Storage) -> int:
    async with storage.transaction() as tx:
        return await tournaments.create_tournament(
            tx, chat_id=-100, name="周五杯", mode=RegistrationMode.PAIRS, creator="user:1", creator_user_id=1,
            settings=TournamentSettings(), at=AT)


async def test_a_notice_is_attached_replaced_and_removed(storage: Storage) -> None:
    tournament_id = await _tournament(storage)
    async with storage.transaction() as tx:
        assert await notices.notice(tx, tournament_id) is None
        await notices.set_notice(tx, tournament_id, "第一条 每局限时50分钟。", None, "user:1", AT)
        await notices.set_notice(tx, tournament_id, "第一条 每局限时60分钟。", "规程.docx", "user:2",
                                 AT + timedelta(minutes=5))
        replaced = await notices.notice(tx, tournament_id)
        assert await notices.remove_notice(tx, tournament_id)
        assert not await notices.remove_notice(tx, tournament_id)
        assert await notices.notice(tx, tournament_id) is None
    assert replaced is not None
    assert replaced.text == "第一条 每局限时60分钟。"
    assert (replaced.file_name, replaced.attached_by) == ("规程.docx", "user:2")
    assert replaced.attached_at == AT + timedelta(minutes=5)
