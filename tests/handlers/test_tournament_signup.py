from bot.tournament.entries import EntryStatus
from tests.handlers.tournament_helpers import DispatchedClub as Club


async def entries(club: Club) -> list[tuple[str, str]]:
    return [(entry.name, entry.status.value) for entry in (await club.state()).registration.entries]


async def test_signing_up_alone(club: Club) -> None:
    await club.say(club.admin, "/new Cup")
    [reply] = await club.say(club.person(1), "/signup")
    assert reply.startswith("✅ 选手1 单人报名成功") and "0 对组队、1 人单人" in reply
    assert await entries(club) == [("选手1", "active")]


async def test_inviting_by_username_and_accepting(club: Club) -> None:
    await club.say(club.admin, "/new Cup")
    alice, bob = club.person(1, "Alice", "alice"), club.person(2, "Bob", "bob")
    [invitation] = await club.calls(alice, "/signup @bob")
    assert "@bob：Alice 邀请你" in invitation.text
    assert await entries(club) == []
    [refused] = await club.say(club.person(3), "/accept")
    assert "没有待接受的组队邀请" in refused
    [accepted] = await club.say(bob, "/accept")
    assert "Alice / Bob 组队报名成功" in accepted
    assert await entries(club) == [("Alice / Bob", "active")]


async def test_inviting_by_reply_mentions_the_partner(club: Club) -> None:
    await club.say(club.admin, "/new Cup")
    alice, bob = club.person(1, "Alice"), club.person(2, "Bob <3")
    [invitation] = await club.say(alice, "/signup", replying_to=bob)
    assert '<mention key="tg:3002">Bob &lt;3</mention>：Alice 邀请你' in invitation
    assert "Alice / Bob &lt;3 组队报名成功" in (await club.say(bob, "/accept"))[0]


async def test_the_accept_button_works_for_the_invitee_only(club: Club) -> None:
    await club.say(club.admin, "/new Cup")
    alice, bob = club.person(1, "Alice", "alice"), club.person(2, "Bob", "bob")
    await club.say(bob, "/start")  # the bot has seen @bob: the invitation names his account
    [invitation] = await club.calls(alice, "/signup @bob")
    before = await club.fingerprint()
    replies, answer = await club.tap(club.person(3), invitation, "接受")
    assert replies == [] and answer.text == "这个邀请是给 Bob 的。"
    assert await club.fingerprint() == before
    replies, answer = await club.tap(bob, invitation, "接受")
    assert "Alice / Bob 组队报名成功" in replies[-1].text and answer.text == "完成 ✅"
    assert club.bot.last_press is not None and club.bot.last_press.buttons_dropped
    _, again = await club.tap(bob, invitation, "接受")
    assert again.text == "这个邀请已经失效。"


async def test_mixed_mode_gender_words(club: Club) -> None:
    await club.say(club.admin, "/new Cup")
    await club.say(club.admin, "/mode mixed")
    [missing] = await club.say(club.person(1), "/signup")
    assert "注明性别" in missing
    for number, word in enumerate(("男", "f", "Female", "♂"), start=1):
        await club.say(club.person(number), f"/signup {word}")
    genders = [entry.members[0].gender.value for entry in (await club.state()).registration.entries]  # type: ignore[union-attr]
    assert genders == ["m", "f", "f", "m"]
    [pair] = await club.say(club.person(5), "/signup @someone")
    assert "每人单独报名" in pair


async def test_organisers_enter_people_by_name(club: Club) -> None:
    await club.say(club.admin, "/new Cup")
    await club.say(club.admin, "/signup 张三 李四")
    await club.say(club.admin, "/signup 王五")
    await club.say(club.admin, "/mode pairs")
    assert await entries(club) == [("张三 / 李四", "active"), ("王五", "active")]
    [refused] = await club.say(club.member, "/signup 赵六")
    assert "只有群主" in refused


async def test_withdrawing_and_the_waiting_list(club: Club) -> None:
    await club.say(club.admin, "/new Cup")
    await club.say(club.admin, "/set capacity 2")
    await club.sign_up_singles(5)
    [waiting] = await club.say(club.person(6), "/signup")
    assert "第 2 位" in waiting
    [gone] = await club.say(club.person(2), "/withdraw")
    assert "选手2 已退出报名" in gone and "候补转正：选手5" in gone
    [by_organiser] = await club.say(club.admin, "/withdraw 选手3")
    assert "选手3 已退出报名" in by_organiser and "选手6" in by_organiser
    statuses = [status for _, status in await entries(club)]
    assert statuses.count(EntryStatus.ACTIVE.value) == 4


async def test_the_entry_list_escapes_names(club: Club) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    await club.say(club.person(1, "<b>Bold</b> & co"), "/signup")
    [listed] = await club.say(club.member, "/entries")
    assert "#1 &lt;b&gt;Bold&lt;/b&gt; &amp; co (alone)" in listed and "<b>Bold</b>" not in listed
