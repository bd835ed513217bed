"""What a message is, read once for every platform: a command, an unknown command, a rule question, or nothing.

:func:`read_message` is the one parser. It reads, in this order:

1. a message with a file: only a command that takes one (``/import`` as the caption), without words;
2. a ``/command`` at the start, as Telegram marks one (``/`` and a name of letters, digits and ``_``, perhaps
   ``@bot``, ended by anything that cannot continue a name): ours runs; an unknown name is answered when the message
   was meant for the bot (a private chat, ``@thisbot``, a reply to the bot, a platform without other bots), else
   only when it is one typo from one of ours (in a group, a plain ``/cmd`` may belong to another bot);
3. a command once the text is cleaned (``／ｒｅｓｕｌｔ ２ Ａ＋``: NFKC folds the full-width slash and letters),
   which nobody else reads as theirs: ours runs, an unknown name is answered;
4. text meant for the bot (a private chat, a mention; a reply to the bot counts for questions only): a Chinese verb
   or a ``/command`` after the mention runs that command (``handlers.verbs``), and so does a command's English name
   without its slash (``help``, ``result 3 A+ 9``: :func:`bare_command`); a verb one character off is answered
   with the verb it meant; anything else is a rule question.

Another bot's ``/cmd@otherbot`` is never ours.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from handlers.arguments import clean_text
from handlers.registry import CommandSpec, CommandTable, typed_command
from handlers.verbs import VERBS, mistyped_verb, written_command

TYPO_REACH_UNADDRESSED = 1
"""In a group, a plain ``/cmd`` may be another bot's: only a one-edit typo of ours (``/reslut``) is answered."""

RULE_COMMANDS = frozenset({"rule", "play", "levelup", "tribute", "score"})
"""Commands that answer about the rules: their name without the slash stays a rule question (``tribute`` asks about
tribute)."""

_ENGLISH_WORD = re.compile(r"[A-Za-z]+")

_MARKED_COMMAND = re.compile(r"/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{1,32})?")


@dataclass(frozen=True, slots=True)
class Addressing:
    """How a message reaches the bot, as its platform sees it."""

    private: bool
    names_bot: bool = False
    """The message names the bot (an @-mention); on a platform that only sees such messages (WeCom), always."""
    replies_to_bot: bool = False
    bot_username: str | None = None
    """The bot's name a command may carry (``/help@name``); ``None`` where commands carry none (WeCom: any
    ``@name`` after a command is dropped, as before)."""
    other_bots: bool = False
    """A group may hold other bots that own a plain ``/cmd`` (Telegram)."""
    marks_commands: bool = False
    """The platform marks the command a text starts with itself (Telegram's ``bot_command`` entity): its mark is
    taken as given (``marked_length``), never read again from the text."""


@dataclass(frozen=True, slots=True)
class CommandCall:
    """Run ``spec`` with the words after the command."""

    spec: CommandSpec
    args: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class UnknownCommand:
    """``/name`` that no command has.

    Answered with "did you mean …" or a pointer to /help; or a mistyped verb (``成级``,
    :func:`~handlers.verbs.mistyped_verb`) with the verb it was one character from."""

    name: str
    meant_verb: str | None = None


@dataclass(frozen=True, slots=True)
class RuleQuestion:
    """Plain text put to the bot.

    ``addressed``: named or spoken to privately, so an off-topic question is still answered (with the topics)."""

    text: str
    addressed: bool


@dataclass(frozen=True, slots=True)
class NotForUs:
    """Chat among people, another bot's command: no answer."""


Reading = CommandCall | UnknownCommand | RuleQuestion | NotForUs


def marked_command_length(text: str) -> int | None:
    """How much of ``text`` Telegram marks as the command it starts with (its ``bot_command`` entity), or ``None``:
    ``/signup。`` marks ``/signup``; ``/signup女`` and ``／signup`` are no command at all."""
    found = _MARKED_COMMAND.match(text)
    if found is None:
        return None
    rest = text[found.end():]
    if rest and (rest[0].isalnum() or rest[0] in "_/#@"):
        return None
    return found.end()


def _ours(addressee: str | None, addressing: Addressing) -> bool:
    return not addressee or addressing.bot_username is None or addressee.lower() == addressing.bot_username.lower()


def caption_command(caption: str | None, addressing: Addressing) -> str | None:
    """The command a file's caption starts with, if it is addressed to this bot: ``/Import@bot x`` → ``import``."""
    if not caption or not caption.startswith("/"):
        return None
    command, _, addressee = caption.split(maxsplit=1)[0][1:].partition("@")
    if not _ours(addressee, addressing):
        return None
    return command.lower() or None


def without_mention(text: str, username: str | None) -> str:
    """The text without the bot's @username."""
    if not username:
        return text
    return re.sub(rf"@{re.escape(username)}(?![A-Za-z0-9_])", " ", text, flags=re.I)


def bare_command(text: str, table: CommandTable) -> CommandCall | None:
    """A command's English name without its slash, said to the bot: ``help``, ``result 3 A+ 9``.

    How people type on a phone, and on WeCom, where ``/`` is one more key: also ``standings``, ``signup @lily``,
    ``new 周五杯``, ``help result``. Words after the name must not start with a Latin letter (``help result``
    aside): ``draw order?`` or ``score of a double down`` are sentences, rule questions. The rules' own commands
    (``tribute``) are never taken bare."""
    words = text.split()
    if not words or not _ENGLISH_WORD.fullmatch(words[0]):
        return None
    spec = table.find(words[0])
    if spec is None or spec.name in RULE_COMMANDS:
        return None
    rest = tuple(words[1:])
    named = spec.name == "help" and len(rest) == 1 and (table.find(rest[0]) is not None or rest[0] in VERBS)
    if rest and _ENGLISH_WORD.match(rest[0]) and not named:
        return None
    return CommandCall(spec, rest)


def read_message(text: str, table: CommandTable, addressing: Addressing, *, with_file: bool = False,
                 marked_length: int | None = None) -> Reading:
    """What ``text`` asks of the bot.

    ``with_file``: the text is the caption of a file. ``marked_length``: the length of the command the platform marked
    at the start (Telegram's entity) on a platform that marks them; elsewhere the text is read as Telegram would mark it
    (:func:`marked_command_length`)."""
    if with_file:
        spec = table.find(caption_command(text, addressing))
        return CommandCall(spec, ()) if spec is not None and spec.documents else NotForUs()
    marked = marked_length if addressing.marks_commands else marked_command_length(text)
    if marked:
        name, _, addressee = text[1:marked].partition("@")
        if not _ours(addressee, addressing):
            return NotForUs()
        spec = table.find(name)
        if spec is not None:
            return CommandCall(spec, tuple(text[marked:].split()))
        meant = addressing.private or bool(addressee) or addressing.replies_to_bot or not addressing.other_bots
        if meant or table.closest(name, reach=TYPO_REACH_UNADDRESSED) is not None:
            return UnknownCommand(name.lower())
        return NotForUs()
    typed = typed_command(text)
    if typed is not None:
        if not _ours(typed.addressee, addressing):
            return NotForUs()
        spec = table.find(typed.name)
        return CommandCall(spec, typed.args) if spec is not None else UnknownCommand(typed.name)
    addressed = addressing.private or addressing.names_bot
    if not addressed and not addressing.replies_to_bot:
        return NotForUs()
    question = " ".join(clean_text(without_mention(text, addressing.bot_username)).split())
    written = written_command(question) if addressed else None
    if written is not None:
        spec = table.find(written.name)
        return CommandCall(spec, written.args) if spec is not None else UnknownCommand(written.name)
    bare = bare_command(question, table) if addressed else None
    if bare is not None:
        return bare
    mistyped = mistyped_verb(question) if addressed else None
    if mistyped is not None and table.find(VERBS[mistyped[1]]) is not None:
        return UnknownCommand(mistyped[0], meant_verb=mistyped[1])
    return RuleQuestion(question, addressed)
