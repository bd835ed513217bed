"""``/notice`` (alias ``/guicheng``, 规程): the event's own rules for the chat's tournament.

``/notice <text>`` or a ``.txt``/``.docx``/``.pdf`` document captioned ``/notice`` (or ``/notice`` replying to one)
attaches it (organisers); ``/notice`` or ``/notice show`` lists its sections; ``/notice remove`` drops it. ``/rule``
then answers from the notice first (``handlers.commands.rules.rule_questions``).
"""

from __future__ import annotations

import unicodedata

from bot.presenters.notice import attached_text, removed_text, sections_text
from bot.services.tournament.notice import attach_notice, attach_notice_file, remove_notice, show_notice
from handlers.invocation import Invocation

SHOW_WORDS = frozenset({"show", "list", "sections", "查看", "显示", "目录"})
REMOVE_WORDS = frozenset({"remove", "delete", "drop", "删除", "移除", "清除"})


def notice_text(text: str) -> str:
    """The notice as written, without invisible characters; unlike arguments it is not NFKC-folded, so its
    full-width punctuation stays as the organisers typed it (the search folds on its own)."""
    return "".join(char for char in text if unicodedata.category(char) not in {"Cc", "Cf", "Cs", "Co"}
                   or char in "\n\t")


async def notice_command(call: Invocation) -> None:
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
