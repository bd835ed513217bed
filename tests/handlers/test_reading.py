"""The one parser: what a message asks of the bot, the same on every platform (``handlers.reading``)."""

import pytest

from handlers.commands import COMMANDS
from handlers.reading import (
    Addressing,
    CommandCall,
    NotForUs,
    Reading,
    RuleQuestion,
    UnknownCommand,
    marked_command_length,
    read_message,
)
from handlers.registry import CommandTable

TABLE = CommandTable(COMMANDS)
BOT = "guandan_bot"
PRIVATE = Addressing(private=True, bot_username=BOT)
GROUP = Addressing(private=False, bot_username=BOT, other_bots=True)
NAMED = Addressing(private=False, names_bot=True, bot_username=BOT, other_bots=True)
REPLY = Addressing(private=False, replies_to_bot=True, bot_username=BOT, other_bots=True)
LONE_GROUP = Addressing(private=False, bot_username=BOT)  # the console's group: no other bot
WECOM = Addressing(private=False, names_bot=True)  # every message @-mentions the bot, commands carry no name


def call(name: str, *args: str) -> CommandCall:
    spec = TABLE.find(name)
    assert spec is not None
    return CommandCall(spec, args)


@pytest.mark.parametrize(("text", "addressing", "reading"), [
    ("/result 1 K A+", GROUP, call("result", "1", "K", "A+")),
    ("/Signup@guandan_bot @bob  m", GROUP, call("signup", "@bob", "m")),
    ("/signup。张三", GROUP, call("signup", "。张三")),
    ("/start中文", PRIVATE, call("start", "中文")),  # no command as Telegram marks it; a command once cleaned
    ("／ｒｅｓｕｌｔ １ Ｋ Ａ＋", GROUP, call("result", "1", "K", "A+")),
    ("/help@other_bot", GROUP, NotForUs()),
    ("/help@other_bot", WECOM, call("help")),
    ("/frobnicate", GROUP, NotForUs()),  # may be another bot's
    ("/frobnicate", PRIVATE, UnknownCommand("frobnicate")),
    ("/frobnicate", REPLY, UnknownCommand("frobnicate")),
    ("/frobnicate", LONE_GROUP, UnknownCommand("frobnicate")),
    ("/frobnicate@guandan_bot", GROUP, UnknownCommand("frobnicate")),
    ("/reslut 1 K A+", GROUP, UnknownCommand("reslut")),  # one typo from ours: answered
    ("／ｆｒｏｂ", GROUP, UnknownCommand("frob")),  # nobody else reads a full-width command
    ("报名 男", PRIVATE, call("signup", "男")),
    ("@guandan_bot 成绩 3 A+ 10", NAMED, call("result", "3", "A+", "10")),
    ("@guandan_bot /result 3 A+ 10", NAMED, call("result", "3", "A+", "10")),
    ("/报名 男", WECOM, call("signup", "男")),
    ("报名 男", GROUP, NotForUs()),
    ("报名 男", REPLY, RuleQuestion("报名 男", addressed=False)),  # a reply is a question, never a command
    ("报名需要什么条件？", PRIVATE, RuleQuestion("报名需要什么条件?", addressed=True)),
    ("@guandan_bot  同花顺\u200b 大吗", NAMED, RuleQuestion("同花顺 大吗", addressed=True)),
    ("双下升几级", WECOM, RuleQuestion("双下升几级", addressed=True)),
    ("@guandan_bot", NAMED, RuleQuestion("", addressed=True)),
    ("just chatting", GROUP, NotForUs()),
    ("help", WECOM, call("help")),  # a command's name without its slash, said to the bot
    ("@guandan_bot Standings 2", NAMED, call("standings", "2")),
    ("result 3 A+ 9", PRIVATE, call("result", "3", "A+", "9")),
    ("signup @lily", WECOM, call("signup", "@lily")),
    ("new 周五杯", WECOM, call("new", "周五杯")),
    ("help result", WECOM, call("help", "result")),
    ("help me please", WECOM, RuleQuestion("help me please", addressed=True)),  # words after it: a sentence
    ("tribute", WECOM, RuleQuestion("tribute", addressed=True)),  # the rules' own commands stay questions
    ("help", GROUP, NotForUs()),  # not said to the bot
    ("help", REPLY, RuleQuestion("help", addressed=False)),
    ("/ 同花顺", GROUP, NotForUs()),
])
def test_what_a_message_is(text: str, addressing: Addressing, reading: Reading) -> None:
    assert read_message(text, TABLE, addressing) == reading


def test_a_file_is_read_only_with_a_command_that_takes_one() -> None:
    assert read_message("/import", TABLE, GROUP, with_file=True) == call("import")
    assert read_message("/Import@guandan_bot roster", TABLE, GROUP, with_file=True) == call("import")
    assert read_message("/import@other_bot", TABLE, GROUP, with_file=True) == NotForUs()
    assert read_message("/help", TABLE, GROUP, with_file=True) == NotForUs()
    assert read_message("", TABLE, PRIVATE, with_file=True) == NotForUs()


def test_a_platform_that_marks_commands_is_taken_at_its_word() -> None:
    marking = Addressing(private=True, bot_username=BOT, marks_commands=True)
    assert read_message("/help now", TABLE, marking, marked_length=5) == call("help", "now")
    # Not marked: read as text (here a full-width command once cleaned), never marked again from the text.
    assert read_message("/help now", TABLE, marking) == call("help", "now")
    assert read_message("/frob", TABLE, Addressing(private=False, bot_username=BOT, other_bots=True,
                                                   marks_commands=True)) == UnknownCommand("frob")


@pytest.mark.parametrize(("text", "length"), [
    ("/signup。", 7), ("/signup", 7), ("/help@guandan_bot x", 17), ("/signup女", None), ("／signup", None),
    ("/a<b>", 2), ("hello", None),
])
def test_commands_are_marked_as_telegram_marks_them(text: str, length: int | None) -> None:
    assert marked_command_length(text) == length
