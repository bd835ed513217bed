"""Through the chat: people without @usernames, and entries that change.

``/claim``, organisers editing entries before the draw (``/rename``, ``/gender``, ``/unit``, ``unit=`` on
``/signup``), ``/substitute`` after the draw, ``/draw`` warnings and ``/draw confirm``, ``/undraw`` with a new
commitment, quoted names, and one count of open places."""

from __future__ import annotations

import hashlib

from bot.ruleset.scoring import Side
from tests.handlers.tournament_helpers import DispatchedClub as Club


async def opened(club: Club, lang: str = "zh") -> None:
    if lang == "en":
        await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new 周五杯")


async def history_kinds(club: Club) -> list[str]:
    async with club.bot.services.storage.read() as tx:
        return [row[0] for row in await tx.fetch_all("SELECT kind FROM history ORDER BY event_id")]


async def test_a_claimed_name_reports_and_confirms_as_a_player(club: Club) -> None:
    await opened(club)
    await club.say(club.admin, "/signup 小红 小明")
    await club.sign_up_singles(2)
    await club.say(club.admin, "/draw")
    final = (await club.state()).require_bracket().at_table(1)
    named_side = Side.LEFT if final.left is not None and final.left.name == "小红 / 小明" else Side.RIGHT
    player = club.seat(final, named_side.other)
    [report] = await club.say(player, "/result 1 K A+" if named_side is Side.RIGHT else "/result 1 A+ K")
    assert "小红 / 小明 还没有关联账号：请组织者或裁判用 <code>/confirm 1</code> 确认" in report
    [refused] = await club.say(club.member, "/confirm 1")
    assert "你的账号不在这张桌" in refused and "/claim 你的名字" in refused

    [claimed] = await club.calls(club.member, "/claim 小红")
    assert "认领报名名单里的 小红，等组织者确认" in claimed.text
    _, not_allowed = await club.tap(club.member, claimed, "同意认领")
    assert "组织者" in not_allowed.text
    replies, answer = await club.tap(club.admin, claimed, "同意认领")
    assert "就是报名名单里的 小红" in replies[0].text and answer.text == "完成 ✅"
    state = await club.state()
    assert any("tg:202" in team.members for team in state.teams)
    assert state.registration.entries[0].members[0].key == "tg:202"
    [confirmed, finished] = await club.say(club.member, "/confirm 1")
    assert confirmed.startswith("✅ 第 1 桌") and "圆满结束" in finished


async def test_claims_before_the_draw(club: Club) -> None:
    await opened(club)
    await club.say(club.admin, "/signup 小红 小明")
    [waiting] = await club.say(club.member, "/claim 小明")
    assert "等组织者确认" in waiting
    [approved] = await club.say(club.admin, "/claim 小明 confirm")
    assert "就是报名名单里的 小明" in approved
    [nothing] = await club.say(club.admin, "/claim 小红 confirm")
    assert "没有人认领“小红”" in nothing
    [linked] = await club.say(club.member, "/claim 小明")
    assert "已经关联了账号" in linked
    [twice] = await club.say(club.member, "/claim 小红")
    assert "已经报名了" in twice
    [unknown] = await club.say(club.person(1), "/claim 小黑")
    assert "没有成员叫“小黑”" in unknown
    [own] = await club.say(club.admin, "/claim 小红")  # an organiser's own claim links at once
    assert "就是报名名单里的 小红" in own
    assert "name_claim.made" in await history_kinds(club) and "entry.claimed" in await history_kinds(club)


async def test_organisers_edit_an_entry_before_the_draw(club: Club) -> None:
    await opened(club)
    await club.say(club.admin, "/signup 小红 unit=工会")
    await club.say(club.admin, "/signup 张三 男 unit=财务处")
    [renamed] = await club.say(club.admin, "/rename 小红 小虹")
    assert renamed == "✏️ #1 已修改：小红 · 工会 → 小虹 · 工会"
    [gender] = await club.say(club.admin, "/gender 小虹 女")
    assert gender == "✏️ #1 已修改：小虹 · 工会 → 小虹 · 女 · 工会"
    [unit] = await club.say(club.admin, "/unit 张三 off")
    assert unit == "✏️ #2 张三 的单位：财务处 → 无"
    [taken] = await club.say(club.admin, "/rename 张三 小虹")
    assert "已经有人叫“小虹”了" in taken
    [bad] = await club.say(club.admin, "/gender 小虹 x")
    assert "不是性别" in bad
    [listed] = await club.say(club.member, "/entries")
    assert "#1 小虹（女）" in listed and "#2 张三（男）" in listed
    [member] = await club.say(club.member, "/rename 小虹 小红")
    assert "组织者" in member
    state = await club.state()
    assert [person.unit for entry in state.registration.entries for person in entry.members] == ["工会", None]
    await club.sign_up_singles(2)
    await club.say(club.admin, "/draw")
    [late] = await club.say(club.admin, "/rename 小虹 小红")
    assert "已经抽签" in late


async def test_a_reserve_comes_in_after_the_draw(club: Club) -> None:
    await opened(club, "en")
    await club.sign_up_singles(5)  # two pairs and a reserve
    await club.say(club.admin, "/draw")
    state = await club.state()
    [reserve] = state.reserves
    final = state.require_bracket().at_table(1)
    assert final.left is not None
    leaving = club.seat(final, Side.LEFT)
    partner = club.seat(final, Side.LEFT, 1)
    [done] = await club.say(club.admin, f"/substitute {leaving.display_name} {reserve.name}")
    assert done == (f"🔄 Substitute: {reserve.name} comes in for {leaving.display_name}; pair {final.left.team_id} "
                    f"is now {reserve.name} / {partner.display_name} (its place and results stay).")
    state = await club.state()
    assert state.reserves == ()
    team = state.require_bracket().at_table(1).left
    assert team is not None and team.members == (reserve.key, f"tg:{partner.user_id}")
    assert state.teams[final.left.team_id - 1] == team
    [gone] = await club.say(leaving, "/mytable")
    assert "You do not play" in gone
    [report] = await club.say(club.by_key(reserve.key), "/result 1 A+ K")
    assert f"{reserve.name} / {partner.display_name} report A+ : K" in report
    [not_reserve] = await club.say(club.admin, f"/substitute {partner.display_name} {leaving.display_name}")
    assert "is not a reserve" in not_reserve
    assert "team.substituted" in await history_kinds(club)
    [listed] = await club.say(club.member, "/entries")
    assert f"{reserve.name} / {partner.display_name}" in listed and "Reserves" not in listed


async def test_the_draw_warns_about_pending_invitations_and_waits_for_a_confirmation(club: Club) -> None:
    await opened(club, "en")
    await club.say(club.person(9, "Inviter"), "/signup @lily")
    await club.sign_up_singles(4)
    before = await club.fingerprint()
    [warning] = await club.calls(club.admin, "/draw")
    assert "Before the draw of <b>周五杯</b>" in warning.text and "Inviter → @lily" in warning.text
    assert "<code>/draw confirm</code>" in warning.text
    assert await club.fingerprint() == before
    await club.say(club.person(5), "/signup")
    _, stale = await club.tap(club.admin, warning, "Draw anyway")
    assert stale.text == "This button is out of date; nothing was changed."
    [again] = await club.calls(club.admin, "/draw")
    replies, answer = await club.tap(club.admin, again, "Draw anyway")
    assert answer.text == "Done ✅"
    assert [call.kind for call in replies] == ["message"] * 4 + ["file"]
    assert "Sign-up for <b>周五杯</b> is closed" in replies[0].text
    assert (await club.state()).drawn


async def test_draw_confirm_and_a_draw_with_nothing_to_warn_about(club: Club) -> None:
    await opened(club)
    await club.say(club.person(9, "邀请人"), "/signup @lily")
    await club.sign_up_singles(4)
    texts = await club.say(club.admin, "/draw confirm")
    assert len(texts) == 5 and "报名截止" in texts[0]
    await club.say(club.admin, "/undraw")
    texts = await club.say(club.admin, "/draw")  # the invitation was cancelled by the draw: nothing to warn about
    assert len(texts) == 5


async def test_names_without_a_gender_in_mixed_mode_are_warned_about(club: Club) -> None:
    await opened(club)
    await club.say(club.admin, "/mode mixed")
    for number, gender in ((1, "男"), (2, "男"), (3, "女"), (4, "女"), (5, "女")):
        await club.say(club.person(number), f"/signup {gender}")
    services = club.bot.services
    async with services.storage.transaction() as tx:  # as an older roster could have left it
        await tx.execute("UPDATE entry_members SET gender = NULL WHERE name = '选手5'")
        await tx.execute("UPDATE tournaments SET version = version + 1")
    [warning] = await club.say(club.admin, "/draw")
    assert "以下报名没有性别、不会参加抽签：选手5" in warning and "<code>/gender 选手5 女</code>" in warning
    texts = await club.say(club.admin, "/draw confirm")
    assert "未参加抽签（没有性别，无法男女配对）：选手5" in texts[0]
    assert len((await club.state()).teams) == 2


async def test_undraw_reopens_sign_up_and_the_next_draw_keeps_the_new_commitment(club: Club) -> None:
    await opened(club)
    await club.sign_up_singles(6)
    await club.say(club.admin, "/draw")
    [undone] = await club.say(club.admin, "/undraw")
    commitment = undone.split("<code>")[1].split("</code>")[0]
    assert "抽签已撤销，报名重新开放" in undone and len(commitment) == 64
    state = await club.state()
    assert not state.drawn and state.record.status.value == "registration" and state.record.commitment == commitment
    assert "报名成功" in (await club.say(club.person(7), "/signup"))[0]
    texts = await club.say(club.admin, "/draw")
    assert "撤销抽签时已公布指纹" in texts[0] and commitment in texts[0]
    seed = texts[1].split("<code>")[1].split("</code>")[0]
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
    assert (await club.state()).record.commitment == commitment
    kinds = await history_kinds(club)
    assert kinds.count("draw.undone") == 1 and kinds.count("draw.committed") == 2


async def test_undraw_is_refused_once_a_result_is_in(club: Club) -> None:
    await opened(club)
    await club.sign_up_singles(8)
    [refused] = await club.say(club.admin, "/undraw")
    assert "还没有抽签" in refused
    await club.say(club.admin, "/draw")
    match = (await club.state()).require_bracket().at_table(1)
    await club.say(club.seat(match, Side.LEFT), "/result 1 K A+")
    before = await club.fingerprint()
    [refused] = await club.say(club.admin, "/undraw")
    assert "已经有比赛成绩，不能再撤销抽签" in refused
    assert await club.fingerprint() == before


async def test_quoted_names_with_spaces(club: Club) -> None:
    await opened(club, "en")
    [pair] = await club.say(club.admin, '/signup "Mary Jane" "Peter Parker"')
    assert "Mary Jane / Peter Parker" in pair
    [single] = await club.say(club.admin, "/signup “Tony Stark”")
    assert "Tony Stark" in single
    [renamed] = await club.say(club.admin, '/rename "Tony Stark" "Tony Stark Jr"')
    assert "Tony Stark → Tony Stark Jr" in renamed
    names = [entry.name for entry in (await club.state()).registration.entries]
    assert names == ["Mary Jane / Peter Parker", "Tony Stark Jr"]


async def test_open_places_on_the_list_are_what_sign_up_accepts(club: Club) -> None:
    await opened(club, "en")
    await club.say(club.admin, "/set capacity 2")
    await club.sign_up_singles(3)
    [listed] = await club.say(club.member, "/entries")
    assert "Capacity 2 pairs: 1 place left (a pair takes two)" in listed  # forgiving: English plurals
    [pair] = await club.say(club.admin, "/signup Ann Bob")
    assert "waiting list" in pair
    [listed] = await club.say(club.member, "/entries")
    assert "Capacity 2 pairs reached" in listed
    [single] = await club.say(club.person(4), "/signup")
    assert "waiting list" in single  # nobody overtakes the waiting pair
    await club.say(club.person(1), "/withdraw")
    state = await club.state()
    assert [entry.status.value for entry in state.registration.entries] == [
        "withdrawn", "active", "active", "active", "waiting"]
    [listed] = await club.say(club.member, "/entries")
    assert "Capacity 2 pairs reached" in listed


async def test_the_button_of_a_claim_belongs_to_its_tournament(club: Club) -> None:
    await opened(club)
    await club.say(club.admin, "/signup 小红")
    [claimed] = await club.calls(club.member, "/claim 小红")
    [[(_, data)]] = claimed.rows()
    assert data.startswith("t:") and ":cl:" in data
    await club.say(club.admin, "/cancel 周五杯")
    _, stale = await club.tap(club.admin, claimed, "同意认领")
    assert "本群目前没有进行中的比赛" in stale.text or "过期" in stale.text
