"""Every organiser action refused to members (and to other chats), allowed to the group's administrators,
anonymous administrators and the tournament's creator."""

import pytest

from tests.handlers.tournament_helpers import Club
from tests.support.updates import group_chat

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
    club.offline.telegram.set_admins(club.chat_id, club.admin.to_json(), club.member.to_json())
    club.offline.application.bot_data.services.roles.forget_chat(club.chat_id)
    await club.say(club.member, "/new Lily's Cup")
    club.offline.telegram.set_admins(club.chat_id, club.admin.to_json())
    club.offline.application.bot_data.services.roles.forget_chat(club.chat_id)
    assert "多余" not in (await club.say(club.member, "/set final bo3"))[0]
    assert (await club.state()).record.settings.final.value == "best_of_three"
    assert await club.say(club.person(1), "/set final bo1") == [REFUSED]


async def test_an_anonymous_administrator_organises(club: Club) -> None:
    [announced] = await club.say(None, "/new 周五杯", sender_chat=club.chat)
    assert "周五杯" in announced
    await club.sign_up_singles(4)
    assert len(await club.say(None, "/draw", sender_chat=club.chat)) == 5  # four messages and the draw file
    decided, finished = await club.say(None, "/result 1 K A+", sender_chat=club.chat)
    assert decided.startswith("✅") and "组织者或裁判录入" in decided  # no dispute: no ruling
    assert "圆满结束" in finished


async def test_another_chat_never_touches_this_tournament(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    before = await club.fingerprint()
    elsewhere = group_chat(-4_000_999, "别的群")
    club.offline.telegram.set_admins(int(elsewhere["id"]), club.admin.to_json())
    for line in ("/draw", "/withdraw 选手1", "/set final bo3", "/mode mixed"):
        [reply] = await club.offline.say(elsewhere, club.admin, line)
        assert "没有进行中的比赛" in reply, line
    assert await club.fingerprint() == before
