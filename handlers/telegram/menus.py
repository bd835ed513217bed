"""The localized command menus Telegram shows when people type ``/``.

Three scopes, each in the default language (English: users whose language has no list of its own) and in
Chinese (``language_code="zh"``): private chats (every command allowed there: a private chat is its user's own),
group members (everyone's group commands) and group administrators (all group commands).
"""

from __future__ import annotations

from telegram import (
    Bot,
    BotCommand,
    BotCommandScope,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
)

from bot.i18n import Language, t
from bot.services.caller import ChatKind
from handlers.dispatch import CommandTable

MENU_LANGUAGES: tuple[tuple[str | None, Language], ...] = ((None, Language.EN), ("zh", Language.ZH))


def menus(table: CommandTable) -> list[tuple[BotCommandScope, list[str]]]:
    """Each scope with the command names it lists."""
    return [
        (BotCommandScopeAllPrivateChats(), [spec.name for spec in table.visible(ChatKind.PRIVATE, organiser=True)]),
        (BotCommandScopeAllGroupChats(), [spec.name for spec in table.visible(ChatKind.GROUP, organiser=False)]),
        (BotCommandScopeAllChatAdministrators(),
         [spec.name for spec in table.visible(ChatKind.GROUP, organiser=True)]),
    ]


async def set_command_menus(bot: Bot, table: CommandTable) -> None:
    for scope, names in menus(table):
        for language_code, language in MENU_LANGUAGES:
            commands = [BotCommand(name, t(f"commands.describe.{name}", language)) for name in names]
            await bot.set_my_commands(commands, scope=scope, language_code=language_code)
