"""Forgiving input, through the chat: full-width and Chinese punctuation anywhere, "did you mean" for
typos of commands (on Telegram and in the console)."""


import pytest

from bot.ruleset.scoring import Side
from bot.tournament.matches import MatchState
from handlers.arguments import separate_words
from handlers.commands import COMMANDS
from handlers.registry import CommandTable, typed_command
from tests.handlers.conftest import DispatchedGroup as Group
from tests.handlers.tournament_helpers import DispatchedClub as Club

TABLE = CommandTable(COMMANDS)


@pytest.mark.parametrize(("words", "separated"), [
    (("2,A+,10",), ("2", "A+", "10")),
    (("2", "A+、10",), ("2", "A+", "10")),
    (("。",), ()),
    (("张三;李四",), ("张三", "李四")),
])
def test_commas_and_full_stops_separate_words(words: tuple[str, ...], separated: tuple[str, ...]) -> None:
    assert separate_words(words) == separated


@pytest.mark.parametrize(("text", "name", "args"), [
    ("／ｒｅｓｕｌｔ ２ Ａ＋ １０", "result", ("2", "A+", "10")),
    ("／help", "help", ()),
    ("/signup。张三", "signup", ("。张三",)),
    ("／Lang＠guandan_bot en", "lang", ("en",)),
])
def test_a_command_typed_with_full_width_characters_is_read(text: str, name: str, args: tuple[str, ...]) -> None:
    typed = typed_command(text)
    assert typed is not None and (typed.name, typed.args) == (name, args)


@pytest.mark.parametrize("text", ["just chatting", "／", "／帮助", "/ result"])
def test_plain_text_is_no_typed_command(text: str) -> None:
    assert typed_command(text) is None


@pytest.mark.parametrize(("typo", "meant"), [
    ("reslut", "result"), ("standing", "standings"), ("singup", "signup"), ("drwa", "draw"), ("setings", "settings"),
    ("frobnicate", None), ("xyz", None), ("result", None),
])
def test_the_closest_command(typo: str, meant: str | None) -> None:
    assert TABLE.closest(typo) == meant


async def drawn(club: Club, singles: int = 8) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    await club.sign_up_singles(singles)
    await club.say(club.admin, "/draw")


@pytest.mark.parametrize("text", [
    "／ｒｅｓｕｌｔ ２ Ａ＋ １０", "/result 2，A+，10", "/result 2、A+、10", "/result 2,A+,10"])
async def test_a_result_in_full_width_or_with_chinese_commas_is_recorded(club: Club, text: str) -> None:
    await drawn(club)
    match = (await club.state()).require_bracket().at_table(2)
    [reply] = await club.say(club.seat(match, Side.LEFT), text)
    assert "Table 2:" in reply and "report A+ : 10" in reply
    assert (await club.state()).require_bracket().at_table(2).state is MatchState.REPORTED


async def test_signup_with_a_full_stop_signs_up(club: Club) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    [reply] = await club.say(club.person(1), "/signup。")
    assert "signed up" in reply
    [entered] = await club.say(club.admin, "/signup，张三，李四")
    assert "张三 / 李四" in entered


async def test_a_full_width_command_in_private_is_a_command_not_a_question(group: Group) -> None:
    [reply] = await group.say_privately(group.member, "／ｈｅｌｐ")
    assert "Commands you can use" in reply


async def test_a_typo_in_a_group_gets_did_you_mean_with_the_usage(group: Group) -> None:
    await group.say(group.admin, "/lang en")
    [reply] = await group.say(group.member, "/reslut 2 A+ 10")
    assert reply.startswith("I don't know the command /reslut. Did you mean /result?")
    assert "Usage: /result" in reply
    [reply] = await group.say(group.member, "/standing")
    assert reply.startswith("I don't know the command /standing. Did you mean /standings?")


async def test_a_typo_addressed_to_another_bot_and_an_unrelated_command_stay_silent(group: Group) -> None:
    assert await group.say(group.member, "/reslut@other_bot 2") == []
    assert await group.say(group.member, "/weather") == []
    # Two edits from /start: maybe another bot's /stats, so a group gets nothing unless it is addressed to us.
    assert await group.say(group.member, "/stats") == []
    [addressed] = await group.say(group.member, "/stats@guandan_test_bot")
    assert "你是不是想用 /start？" in addressed


async def test_a_full_width_typo_gets_did_you_mean_in_chinese(group: Group) -> None:
    [reply] = await group.say(group.member, "／ｓｔａｎｄｉｎｇ", replying_to_bot=True)
    assert reply.startswith("我不认识命令 /standing。你是不是想用 /standings？")


async def test_set_takes_the_chinese_keys_and_values_settings_shows(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    assert await club.say(club.admin, "/set 决赛 三局两胜") == ["设置已修改：<b>决赛</b> = 三局两胜。"]
    assert await club.say(club.admin, "/set 季军 并列") == ["设置已修改：<b>季军</b> = 并列。"]
    assert (await club.say(club.admin, "/set 限时 不限"))[0] == "设置已修改：<b>限时</b> = 不限。"
    [shown] = await club.say(club.admin, "/settings")
    assert "<code>决赛 三局两胜</code>" in shown and "<code>季军 并列</code>" in shown
    assert "<code>签到 关闭</code>" in shown and "<code>名额 不限</code>" in shown
    # Every line /settings shows in Chinese can be sent back as it is.
    lines = [line.removeprefix("<code>").split("</code>")[0] for line in shown.split("\n")
             if line.startswith("<code>")]
    assert len(lines) >= 9
    for line in lines:
        [reply] = await club.say(club.admin, "/set " + line)
        assert reply.startswith("设置已修改"), (line, reply)
    assert "<code>final bo3</code>" in (await club.say(club.admin, "/lang en") and
                                        await club.say(club.admin, "/settings"))[0]


async def test_signup_with_the_gender_before_the_name_is_understood(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/mode mixed")
    [entered] = await club.say(club.admin, "/signup 女 刘奶奶")
    assert "刘奶奶" in entered and "女" in entered
    [entry] = (await club.state()).registration.active
    assert entry.name == "刘奶奶" and entry.members[0].gender is not None and entry.members[0].gender.value == "f"
    [member] = await club.say(club.person(1), "/signup 男 张三")
    assert member.startswith("只有群主、群管理员或比赛组织者可以这样做。（按名字替别人报名。）给自己报名请发送 "
                             "<code>/signup 男</code>。")
    [signed] = await club.say(club.person(1), "/signup 男")
    assert "选手1（男）报名成功" in signed


async def test_help_explains_one_command_with_examples(group: Group) -> None:
    [listing] = await group.say(group.member, "/help")
    assert listing.endswith("想看某个命令的说明和例子，发送 /help 加命令名，例如 <code>/help result</code>。")
    [result] = await group.say(group.member, "/help result")
    # /score is a command of its own since rules17 (the score calculator), no longer /result's alias.
    assert result.startswith("<b>/result</b> — 报告一桌的成绩")
    assert "用法：/result 桌号" in result and "<b>例子：</b>" in result
    assert "<code>/result 3 forfeit right</code> — 右边一对弃权" in result
    await group.say(group.admin, "/lang en")
    [schedule] = await group.say(group.member, "/help /timetable")
    assert schedule.startswith("<b>/schedule</b> (also /timetable) — The timetable")
    assert "<code>/schedule 2 tomorrow 19:30</code>" in schedule
    [typo] = await group.say(group.member, "/help reslut")
    assert typo.startswith("I don't know the command /reslut. Did you mean /result?")
    [plain] = await group.say(group.member, "/help mytable")
    assert plain.startswith("<b>/mytable</b> — Where you play") and "Examples" not in plain
    [pair] = await group.say(group.member, "/help pair")
    assert pair.startswith("<b>/pair</b> — One pair's evening") and "<code>/pair 3</code>" in pair
