"""Commands written as words: the Chinese verbs, with or without the slash, and ``/command`` after a mention.

One table for every platform: on WeCom every message the bot receives is addressed to it (a group message
@-mentions it, the mention stripped first); on Telegram and in the console a verb works in a private chat and
after a mention of the bot in a group (``@guandan_bot 报名``, ``@guandan_bot /result 3 K A+``). Command names in
Telegram's menus stay ASCII: a verb is only another way to write one.

Only the first word counts, and it must be the whole verb (``报名 男`` signs up; ``报名需要什么条件？`` is a rule
question, as is ``抽签是怎么做的`` — a question never draws by accident), or a verb with the first argument typed
against it as phone keyboards make people type it (``成绩5 A+ 9``: a digit, a Latin letter or ``@`` after the verb;
never Chinese text, which is a question). A full-width slash (``／报名``) counts as a slash. ``设置`` alone shows the
settings and with words changes one (``设置 赛制 积分编排`` is ``/set 赛制 积分编排``). A first word one character
away from exactly one verb (``成级 5 A+ 9``) is a typo (:func:`mistyped_verb`): answered with "did you mean 成绩",
never with a rule section.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

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
    "有异议": "dispute",
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
    "新比赛": "new",
    "新建": "new",
    "单位": "unit",
    "裁判": "referee",
    "取消": "cancel",
    "撤销抽签": "undraw",
    "替补": "substitute",
    "导入": "import",
    "语言": "lang",
    "退赛": "withdraw",
    "恢复": "reinstate",
    "交换": "swap",
}
"""Chinese verb → the command it runs (its name in ``handlers.commands.COMMANDS``)."""

VERBS_WITH_WORDS: dict[str, str] = {"设置": "set"}
"""A verb that runs another command when words follow it: ``设置`` shows, ``设置 赛制 积分编排`` changes."""

VERB_OF_COMMAND: dict[str, str] = {}
"""The command → the verb a person types for it (the first verb listed for it)."""
for _verb, _command in VERBS.items():
    VERB_OF_COMMAND.setdefault(_command, _verb)

_GLUED_ARGUMENT = re.compile(r"[A-Za-z0-9@]")


@dataclass(frozen=True, slots=True)
class WrittenCommand:
    """A command read from a message's text.

    The command's ``name`` as written (an alias stays an alias; a verb becomes its command), the words after it, and
    whether it came as a verb."""

    name: str
    args: tuple[str, ...]
    verb: bool = False


_GLUED_SEPARATOR = re.compile(f"[{WORD_SEPARATORS}]")


def written_command(text: str | None) -> WrittenCommand | None:
    """``/signup @lily`` → ``signup``.

    ``报名 男`` and ``/报名 男`` → ``signup``; ``None`` for anything else (a question). ``/cmd@name`` drops the
    ``@name``; command names compare in lower case."""
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
    if word not in VERBS:
        verb = _glued_verb(word)
        if verb is not None:  # 成绩5 A+ 9: the first argument typed against the verb
            word, rest = verb, [word[len(verb):], *rest]
    if word in VERBS:
        if word in VERBS_WITH_WORDS and rest:
            return WrittenCommand(VERBS_WITH_WORDS[word], tuple(rest), verb=True)
        return WrittenCommand(VERBS[word], tuple(rest), verb=True)
    if not slash:
        return None
    name = word.split("@", 1)[0].lower()
    return WrittenCommand(name, tuple(rest)) if name else None


def _glued_verb(word: str) -> str | None:
    """The verb ``word`` starts with when an argument is typed against it (``成绩5`` → ``成绩``), longest first."""
    for length in range(min(len(word) - 1, max(map(len, VERBS))), 1, -1):
        if word[:length] in VERBS and _GLUED_ARGUMENT.match(word[length]):
            return word[:length]
    return None


def mistyped_verb(text: str | None) -> tuple[str, str] | None:
    """``成级 5 A+ 9`` → (``成级``, ``成绩``).

    A first word of two or more characters, not a verb, one character away from exactly one verb (of several, the one
    that sounds the same: 成级 is 成绩, not 成员 or 升级), followed by nothing or by words that look like a command's (a
    digit, a Latin letter or ``@`` first) — a question (``抽奖是什么``) is never taken for a command."""
    words = (text or "").split()
    if not words:
        return None
    first = unicodedata.normalize("NFKC", words[0]).removeprefix("/")
    if len(first) < 2 or first in VERBS or first.isascii():
        return None
    if len(words) > 1 and not _GLUED_ARGUMENT.match(unicodedata.normalize("NFKC", words[1])):
        return None
    near = [verb for verb in VERBS if len(verb) == len(first)
            and sum(left != right for left, right in zip(verb, first, strict=True)) == 1]
    if len(near) > 1:  # 成级: 成绩, 成员 or 升级 — a phone keyboard picks a wrong character of the right sound
        sound = _sound(first)
        near = [verb for verb in near if _sound(verb) == sound]
    return (first, near[0]) if len(near) == 1 else None


@cache
def _sound(word: str) -> tuple[str, ...]:
    """``成绩`` → (cheng, ji): its pinyin without tones."""
    from pypinyin import Style, lazy_pinyin  # only for a typo two verbs are near: not on every message

    return tuple(lazy_pinyin(word, style=Style.NORMAL, errors="default"))


_LEADING_MENTION = re.compile(r"\s*@\S+")
_FIRST_WORD = re.compile(r"\s*\S+")


def text_after_command(text: str) -> str:
    """``/notice@bot 第一条 …\n第二条 …``, ``@bot 规程 …`` or ``规程 …`` → the text after the command word, its line
    breaks kept (a long argument such as a notice, whose lines matter)."""
    mention = _LEADING_MENTION.match(text)
    rest = text[mention.end():] if mention else text
    found = _FIRST_WORD.match(rest)
    return (rest[found.end():] if found else "").strip()
