"""Opening a tournament and setting it up on the dispatcher: /new, /mode, /set, /settings, /referee, /cancel."""

from bot.tournament.record import TournamentStatus
from tests.handlers.tournament_helpers import DispatchedClub as Club


async def test_new_announces_the_tournament_with_a_sign_up_button(club: Club) -> None:
    [call] = await club.calls(club.admin, "/new 周五 <掼蛋> 杯")
    assert "周五 &lt;掼蛋&gt; 杯" in call.text and "/signup" in call.text
    [[(_, data)]] = call.rows()
    state = await club.state()
    assert data == f"t:{state.tournament_id}:su"
    assert state.record.name == "周五 <掼蛋> 杯" and state.record.creator == "tg:101"


async def test_only_one_open_tournament(club: Club) -> None:
    await club.say(club.admin, "/new Spring")
    [reply] = await club.say(club.admin, "/new Autumn")
    assert "“Spring”" in reply and "/cancel" in reply
    assert (await club.state()).record.name == "Spring"


async def test_mode_switches_the_buttons(club: Club) -> None:
    await club.say(club.admin, "/new Cup")
    [call] = await club.calls(club.admin, "/mode 男女")
    assert "男女分开抽签配对" in call.text
    labels = [label for label, _ in call.rows()[0]]
    assert labels == ["🙋‍♂️ 男", "🙋‍♀️ 女"]


async def test_set_and_settings(club: Club) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    assert await club.say(club.admin, "/set third_place playoff") == ["Setting changed: <b>third_place</b> = playoff."]
    await club.say(club.admin, "/set time_limit 90")
    [shown] = await club.say(club.member, "/settings")
    assert "<code>third_place playoff</code>" in shown and "<code>time_limit 90</code>" in shown
    assert "<code>tz Asia/Shanghai</code>" in shown and "sign-up open" in shown


async def test_a_capacity_change_reports_who_is_in(club: Club) -> None:
    await club.say(club.admin, "/new Cup")
    await club.sign_up_singles(6)
    [reply] = await club.say(club.admin, "/set capacity 2")
    assert "候补 2 个" in reply


async def test_referees_are_added_by_username_or_reply_and_listed(club: Club) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    assert "no referees yet" in (await club.say(club.member, "/referee"))[0]
    assert await club.say(club.admin, "/referee @whistle") == ["@whistle is now a referee of <b>Cup</b>."]
    assert await club.say(club.admin, "/referee", replying_to=club.member) == ["Lily is now a referee of <b>Cup</b>."]
    assert await club.say(club.admin, "/referee @whistle") == ["@whistle is already a referee of <b>Cup</b>."]
    [listed] = await club.say(club.member, "/referee")
    assert "@whistle, Lily" in listed


async def test_cancel_needs_the_name(club: Club) -> None:
    await club.say(club.admin, "/new Spring Cup")
    [asked] = await club.say(club.admin, "/cancel")
    assert "<code>/cancel Spring Cup</code>" in asked
    [done] = await club.say(club.admin, "/cancel spring cup")
    assert "已取消" in done
    async with club.bot.services.storage.read() as tx:
        status = await tx.fetch_value("SELECT status FROM tournaments")
    assert status == TournamentStatus.CANCELLED.value
