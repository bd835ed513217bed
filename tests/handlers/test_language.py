import pytest

from storage import history
from tests.handlers.conftest import Group
from tests.support.harness import OfflineBot
from tests.support.updates import FakeUser, supergroup_chat


async def test_an_administrator_switches_the_group_to_english(group_with_admin: Group) -> None:
    assert await group_with_admin.say(group_with_admin.admin, "/lang en") == [
        "Done: this chat now speaks English."]
    [reply] = await group_with_admin.say(group_with_admin.member, "/help")
    assert "Commands you can use" in reply


async def test_the_change_is_in_the_history(group_with_admin: Group) -> None:
    await group_with_admin.say(group_with_admin.admin, "/lang en")
    async with group_with_admin.offline.application.bot_data.services.storage.read() as tx:
        [entry] = await history.for_chat(tx, int(group_with_admin.chat["id"]))
    assert (entry.kind, entry.actor, entry.details) == ("chat.language", "tg:101", {"language": "en"})


async def test_a_member_may_not_change_the_group_language(group_with_admin: Group) -> None:
    assert await group_with_admin.say(group_with_admin.member, "/lang en") == [
        "只有群主、群管理员或比赛组织者可以这样做。"]
    [reply] = await group_with_admin.say(group_with_admin.member, "/help")
    assert "你可以使用的命令" in reply


async def test_an_anonymous_administrator_may(offline: OfflineBot) -> None:
    chat = supergroup_chat()
    assert await offline.say(chat, None, "/lang en", sender_chat=chat) == ["Done: this chat now speaks English."]


async def test_a_linked_channel_may_not(offline: OfflineBot) -> None:
    chat = supergroup_chat()
    channel = {"id": -1_009_999, "type": "channel", "title": "News"}
    [reply] = await offline.say(chat, None, "/lang en", sender_chat=channel)
    assert "只有群主" in reply


async def test_anyone_may_choose_the_language_of_their_private_chat(offline: OfflineBot, member: FakeUser) -> None:
    chat = {"id": member.user_id, "type": "private", "first_name": member.first_name}
    assert await offline.say(chat, member, "/lang 中文") == ["好的，本聊天的语言已改为中文。"]
    [reply] = await offline.say(chat, member, "/help")
    assert "你可以使用的命令" in reply


async def test_alias_and_fullwidth_letters(group_with_admin: Group) -> None:
    assert await group_with_admin.say(group_with_admin.admin, "/language ｅｎ") == [
        "Done: this chat now speaks English."]


async def test_invisible_characters_are_ignored(group_with_admin: Group) -> None:
    assert await group_with_admin.say(group_with_admin.admin, "/lang e\u200bn\u202e") == [
        "Done: this chat now speaks English."]


async def test_lang_alone_shows_the_current_language_and_usage(group_with_admin: Group) -> None:
    [reply] = await group_with_admin.say(group_with_admin.admin, "/lang")
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
async def test_bad_input_explains_and_changes_nothing(group_with_admin: Group, text: str, expected: str) -> None:
    [reply] = await group_with_admin.say(group_with_admin.admin, text)
    assert expected in reply and "用法：/lang zh 或 /lang en" in reply
    [current] = await group_with_admin.say(group_with_admin.admin, "/lang")
    assert "中文" in current
