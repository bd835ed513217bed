"""A group upgraded to a supergroup keeps its settings."""

from tests.handlers.conftest import Group
from tests.handlers.tournament_helpers import Club
from tests.support.updates import supergroup_chat


async def test_language_follows_the_group_to_its_supergroup(group_with_admin: Group) -> None:
    offline = group_with_admin.offline
    await group_with_admin.say(group_with_admin.admin, "/lang en")
    supergroup = supergroup_chat(-1_002_222_333_444, group_with_admin.chat["title"])
    in_group, in_supergroup = offline.updates.migration(group_with_admin.chat, supergroup, group_with_admin.admin)
    assert await offline.process(in_group) == []
    assert await offline.process(in_supergroup) == []  # the second notice finds nothing left to move
    [reply] = await offline.say(supergroup, group_with_admin.member, "/help")
    assert "Commands you can use" in reply


async def test_either_notice_alone_is_enough(group_with_admin: Group) -> None:
    offline = group_with_admin.offline
    await group_with_admin.say(group_with_admin.admin, "/lang en")
    supergroup = supergroup_chat(-1_002_222_333_445)
    _, in_supergroup = offline.updates.migration(group_with_admin.chat, supergroup, group_with_admin.admin)
    await offline.process(in_supergroup)
    [reply] = await offline.say(supergroup, group_with_admin.member, "/help")
    assert "Commands you can use" in reply


async def test_a_send_refused_with_migrate_to_chat_id_moves_the_chat(group_with_admin: Group) -> None:
    offline = group_with_admin.offline
    await group_with_admin.say(group_with_admin.admin, "/lang en")
    supergroup = supergroup_chat(-1_002_222_333_446)
    offline.telegram.fail_migrated("sendMessage", int(supergroup["id"]))
    assert await group_with_admin.say(group_with_admin.member, "/help") == []
    [reply] = await offline.say(supergroup, group_with_admin.member, "/help")
    assert "Commands you can use" in reply


async def test_the_tournament_follows_the_group_to_its_supergroup(club: Club) -> None:
    await club.say(club.admin, "/new Cup")
    await club.sign_up_singles(2)
    supergroup = supergroup_chat(-1_002_333_444_555, "周五掼蛋")
    in_group, _ = club.offline.updates.migration(club.chat, supergroup, club.admin)
    await club.offline.process(in_group)
    [entries] = await club.offline.say(supergroup, club.member, "/entries")
    assert "选手1" in entries and "选手2" in entries
