"""Every organiser action refused to members (and to other chats), allowed to the group's administrators and the
tournament's creator (Telegram's anonymous administrators: ``tests.handlers.telegram.test_commands``)."""

import pytest

from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.dispatched import Chat

REFUSED = "只有群主、群管理员或比赛组织者可以这样做。"


@pytest.mark.parametrize(
    "line",
    ["/new Another", "/mode mixed", "/set final bo3", "/draw", "/cancel 周五杯", "/referee @lily",
     "/signup 张三 李四", "/signup 王五", "/withdraw 选手1", "/lang en"],
)
async def test_members_may_not(club: Club, line: str) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    before = await club.fingerprint()
    assert await club.say(club.member, line) == [REFUSED]
    assert await club.fingerprint() == before


async def test_results_from_someone_not_at_the_table_and_not_a_referee(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    await club.say(club.admin, "/draw")
    before = await club.fingerprint()
    [reply] = await club.say(club.member, "/result 1 K A+")
    assert "你不在这张桌比赛" in reply
    [reply] = await club.say(club.member, "/confirm 1")
    assert "你不在这张桌比赛" in reply
    assert await club.fingerprint() == before


async def test_the_creator_organises_their_tournament_without_being_an_administrator(club: Club) -> None:
    club.bot.set_admins(club.chat, club.admin, club.member)
    club.bot.services.roles.forget_chat(club.chat_id)
    await club.say(club.member, "/new Lily's Cup")
    club.bot.set_admins(club.chat, club.admin)
    club.bot.services.roles.forget_chat(club.chat_id)
    assert "多余" not in (await club.say(club.member, "/set final bo3"))[0]
    assert (await club.state()).record.settings.final.value == "best_of_three"
    assert await club.say(club.person(1), "/set final bo1") == [REFUSED]


async def test_another_chat_never_touches_this_tournament(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    before = await club.fingerprint()
    elsewhere = Chat.group(-4_000_999, "别的群")
    club.bot.set_admins(elsewhere, club.admin)
    for line in ("/draw", "/withdraw 选手1", "/set final bo3", "/mode mixed"):
        [reply] = await club.bot.say(elsewhere, club.admin, line)
        assert "没有进行中的比赛" in reply, line
    assert await club.fingerprint() == before
