import pytest

from storage import history
from tests.handlers.conftest import DispatchedGroup as Group


async def test_an_administrator_switches_the_group_to_english(group: Group) -> None:
    assert await group.say(group.admin, "/lang en") == [
        "Done: this chat now speaks English."]
    [reply] = await group.say(group.member, "/help")
    assert "Commands you can use" in reply


async def test_the_change_is_in_the_history(group: Group) -> None:
    await group.say(group.admin, "/lang en")
    async with group.bot.services.storage.read() as tx:
        [entry] = await history.for_chat(tx, group.chat.chat_id)
    assert (entry.kind, entry.actor, entry.details) == ("chat.language", "tg:101", {"language": "en"})


async def test_a_member_may_not_change_the_group_language(group: Group) -> None:
    assert await group.say(group.member, "/lang en") == [
        "只有群主、群管理员或比赛组织者可以这样做。"]
    [reply] = await group.say(group.member, "/help")
    assert "你可以使用的命令" in reply


async def test_anyone_may_choose_the_language_of_their_private_chat(group: Group) -> None:
    assert await group.say_privately(group.member, "/lang 中文") == ["好的，本聊天的语言已改为中文。"]
    [reply] = await group.say_privately(group.member, "/help")
    assert "你可以使用的命令" in reply


async def test_alias_and_fullwidth_letters(group: Group) -> None:
    assert await group.say(group.admin, "/language ｅｎ") == [
        "Done: this chat now speaks English."]


async def test_invisible_characters_are_ignored(group: Group) -> None:
    assert await group.say(group.admin, "/lang e\u200bn\u202e") == [
        "Done: this chat now speaks English."]


async def test_lang_alone_shows_the_current_language_and_usage(group: Group) -> None:
    [reply] = await group.say(group.admin, "/lang")
    assert "当前聊天语言：中文" in reply and "/lang en" in reply


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/lang fr", "不支持“fr”这种语言。"),
        ("/lang zh en", "多余的内容：“en”"),
        ("/lang <b>x</b>", "不支持“&lt;b&gt;x&lt;/b&gt;”这种语言。"),
        ("/lang " + "z" * 4000, "参数太长了"),
        ("/lang 🀄", "不支持“🀄”这种语言。"),
    ],
)
async def test_bad_input_explains_and_changes_nothing(group: Group, text: str, expected: str) -> None:
    [reply] = await group.say(group.admin, text)
    assert expected in reply and "用法：/lang zh 或 /lang en" in reply
    [current] = await group.say(group.admin, "/lang")
    assert "中文" in current
