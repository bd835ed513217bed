"""Commands written as words: the Chinese verbs, with or without the slash, and ``/command`` after a mention.

One table for every platform: on WeCom every message the bot receives is addressed to it (a group message
@-mentions it, the mention stripped first); on Telegram and in the console a verb works in a private chat and
after a mention of the bot in a group (``@guandan_bot 报名``, ``@guandan_bot /result 3 K A+``). Command names in
Telegram's menus stay ASCII: a verb is only another way to write one.

Only the first word counts, and it must be the whole verb (``报名 男`` signs up; ``报名需要什么条件？`` is a rule
question, as is ``抽签是怎么做的`` — a question never draws by accident). A full-width slash (``／报名``) counts as
a slash.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from handlers.arguments import WORD_SEPARATORS

VERBS: dict[str, str] = {
    "帮助": "help",
    "报名": "signup",
    "接受": "accept",
    "退出": "withdraw",
    "名单": "entries",
    "抽签": "draw",
    "对阵": "bracket",
    "桌次": "tables",
    "成绩": "result",
    "确认": "confirm",
    "排名": "standings",
    "规则": "rule",
    "牌型": "play",
    "导出": "export",
    "打印": "print",
    "设置": "settings",
    "日程": "schedule",
    "签到": "here",
    "改名": "name",
    "规程": "notice",
    "升级": "levelup",
    "进贡": "tribute",
    "计分": "score",
    "我的桌": "mytable",
    "认领": "claim",
    "直播": "web",
    "排行榜": "ladder",
    "等级分": "rating",
    "赛季": "season",
    "成员": "members",
    "赛事列表": "tournaments",
}
"""Chinese verb → the command it runs (its name in ``handlers.commands.COMMANDS``)."""


@dataclass(frozen=True, slots=True)
class WrittenCommand:
    """A command read from a message's text: the command's ``name`` as written (an alias stays an alias; a verb
    becomes its command), the words after it, and whether it came as a verb."""

    name: str
    args: tuple[str, ...]
    verb: bool = False


_GLUED_SEPARATOR = re.compile(f"[{WORD_SEPARATORS}]")


def written_command(text: str | None) -> WrittenCommand | None:
    """``/signup @lily`` → ``signup``; ``报名 男`` and ``/报名 男`` → ``signup``; ``None`` for anything else (a
    question). ``/cmd@name`` drops the ``@name``; command names compare in lower case."""
    words = (text or "").split()
    if not words:
        return None
    first = unicodedata.normalize("NFKC", words[0])
    rest = words[1:]
    glued = _GLUED_SEPARATOR.search(first) if first.startswith("/") else None
    if glued is not None:  # /signup。张三, /报名，张三: the punctuation ends the command word (as Telegram ends it)
        first, rest = first[:glued.start()], [first[glued.start():], *rest]
    slash = first.startswith("/")
    word = first[1:] if slash else first
    if word in VERBS:
        return WrittenCommand(VERBS[word], tuple(rest), verb=True)
    if not slash:
        return None
    name = word.split("@", 1)[0].lower()
    return WrittenCommand(name, tuple(rest)) if name else None


_LEADING_MENTION = re.compile(r"\s*@\S+")
_FIRST_WORD = re.compile(r"\s*\S+")


def text_after_command(text: str) -> str:
    """``/notice@bot 第一条 …\n第二条 …``, ``@bot 规程 …`` or ``规程 …`` → the text after the command word, its line
    breaks kept (a long argument such as an event notice, whose lines matter)."""
    mention = _LEADING_MENTION.match(text)
    rest = text[mention.end():] if mention else text
    found = _FIRST_WORD.match(rest)
    return (rest[found.end():] if found else "").strip()
