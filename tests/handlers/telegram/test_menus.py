import re

from tests.support.harness import OfflineBot

SCOPES = ("all_private_chats", "all_group_chats", "all_chat_administrators")


def names(offline: OfflineBot, scope: str, language: str) -> list[str]:
    return [command["command"] for command in offline.telegram.commands[(scope, language)]]


async def test_menus_are_set_per_scope_in_default_and_chinese(offline: OfflineBot) -> None:
    assert sorted(offline.telegram.commands) == sorted((scope, lang) for scope in SCOPES for lang in ("", "zh"))


async def test_group_members_do_not_see_organiser_commands(offline: OfflineBot) -> None:
    # Prefixes and memberships, not whole lists: every new command would otherwise have to edit this test.
    members = names(offline, "all_group_chats", "")
    administrators = names(offline, "all_chat_administrators", "")
    assert members[:2] == ["start", "help"] and "lang" not in members
    assert administrators[:3] == ["start", "help", "lang"] and set(members) < set(administrators)
    assert {"new", "mode", "set", "draw", "cancel"} <= set(administrators) - set(members)
    assert {"signup", "result", "confirm", "standings", "play", "rule"} <= set(members)
    assert names(offline, "all_private_chats", "zh")[:3] == ["start", "help", "lang"]


async def test_descriptions_are_localized(offline: OfflineBot) -> None:
    english = offline.telegram.commands[("all_private_chats", "")]
    chinese = offline.telegram.commands[("all_private_chats", "zh")]
    assert english[0]["description"] == "What this bot does"
    assert chinese[0]["description"] == "机器人能做什么"


async def test_every_menu_entry_fits_telegrams_limits(offline: OfflineBot) -> None:
    for commands in offline.telegram.commands.values():
        for command in commands:
            assert re.fullmatch(r"[a-z0-9_]{1,32}", command["command"])
            assert 1 <= len(command["description"]) <= 256
