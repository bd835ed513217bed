"""``/notice`` (alias ``/guicheng``, 规程): the tournament's own rules for the chat's tournament.

``/notice <text>`` or a ``.txt``/``.docx``/``.pdf`` document captioned ``/notice`` (or ``/notice`` replying to one)
attaches it (organisers); ``/notice`` or ``/notice show`` lists its sections; ``/notice remove`` drops it. ``/rule``
then answers from the notice first (``handlers.commands.rules.rule_questions``). ``/notice club <text>`` is the
club's standing notice, attached to every new tournament of the group (``/notice club`` shows it,
``/notice club remove`` drops it).
"""

from __future__ import annotations

import unicodedata

from bot.presenters.notice import attached_text, club_notice_text, removed_text, sections_text
from bot.services.tournament.notice import (
    attach_notice,
    attach_notice_file,
    club_notice,
    remove_notice,
    show_notice,
)
from handlers.invocation import Invocation

SHOW_WORDS = frozenset({"show", "list", "sections", "查看", "显示", "目录"})
REMOVE_WORDS = frozenset({"remove", "delete", "drop", "删除", "移除", "清除"})


def notice_text(text: str) -> str:
    """The notice as written, without invisible characters.

    Unlike arguments it is not NFKC-folded, so its full-width punctuation stays as the organisers typed it (the search
    folds on its own)."""
    return "".join(char for char in text if unicodedata.category(char) not in {"Cc", "Cf", "Cs", "Co"}
                   or char in "\n\t")


CLUB_WORDS = frozenset({"club", "俱乐部", "常设"})


async def club_notice_command(call: Invocation) -> None:
    """``/notice club …``: show, set or remove the club's standing notice."""
    rest = call.args[1:]
    if not rest:
        await call.reply(club_notice_text(await club_notice(call.services, call.caller, None), call.language))
        return
    if len(rest) == 1 and rest[0].casefold() in REMOVE_WORDS:
        shown = await club_notice(call.services, call.caller, None, remove=True)
    else:
        written = notice_text(await call.channel.command_text()).lstrip()
        first = written.split(maxsplit=1)
        shown = await club_notice(call.services, call.caller, first[1] if len(first) == 2 else "")
    await call.reply(club_notice_text(shown, call.language))


async def notice_command(call: Invocation) -> None:
    if call.args and call.args[0].casefold() in CLUB_WORDS:
        await club_notice_command(call)
        return
    word = call.args[0].casefold() if len(call.args) == 1 else None
    if word in REMOVE_WORDS:
        name = await remove_notice(call.services, call.caller)
        await call.reply(removed_text(name, call.language))
        return
    if word in SHOW_WORDS:
        await call.reply(sections_text(await show_notice(call.services, call.caller.chat_id), call.language))
        return
    # A document wins over words after the command: "/notice 本次规程" as a file's caption means the file.
    attachment = await call.channel.attachment()
    if attachment is not None:
        attached = await attach_notice_file(call.services, call.caller, attachment.download, attachment.size,
                                            attachment.file_name)
        await call.reply(attached_text(attached, call.language))
        return
    if not call.args:
        await call.reply(sections_text(await show_notice(call.services, call.caller.chat_id), call.language))
        return
    text = notice_text(await call.channel.command_text())
    attached = await attach_notice(call.services, call.caller, text)
    await call.reply(attached_text(attached, call.language))
