"""Reading console lines as Telegram reads messages, and which button ``:tap`` means."""

from bot.richtext import Button, keyboard
from handlers.console.platform import CommandLine, command_line, names_bot, picture_names, question_in
from handlers.console.taps import match_button


def test_a_command_is_read_as_telegram_marks_one() -> None:
    assert command_line("/Signup@guandan_bot @bob  m") == CommandLine("signup", "guandan_bot", ("@bob", "m"))
    assert command_line("/result 1 K A+") == CommandLine("result", None, ("1", "K", "A+"))
    assert command_line("/start中文") == CommandLine("start", None, ())
    assert command_line("/signup。张三") == CommandLine("signup", None, ("。张三",))
    assert command_line("／ｒｅｓｕｌｔ １ Ｋ Ａ＋") == CommandLine("result", None, ("1", "K", "A+"))
    assert command_line("同花顺") is None and command_line("/ 同花顺") is None and command_line(None) is None


def test_the_bot_is_named_as_a_mention() -> None:
    assert names_bot("@Guandan_Bot 同花顺", "guandan_bot") and not names_bot("@guandan_bots 同花顺", "guandan_bot")
    assert question_in("@guandan_bot  同花顺\u200b 大吗", "guandan_bot") == "同花顺 大吗"


def test_pictures_are_named_as_an_album_names_them() -> None:
    assert picture_names("bracket", 3) == ["bracket.png", "bracket-2.png", "bracket-3.png"]


def test_an_exact_label_wins_then_a_word_then_a_part() -> None:
    buttons = keyboard([Button("Yes", "a"), Button("yes", "b"), Button("Yes please", "c")],
                       [Button("🙋‍♂️ 男 / man", "m"), Button("🙋‍♀️ 女 / woman", "f")])
    assert match_button(buttons, "yes").found == Button("yes", "b")
    assert match_button(buttons, "YES").buttons == (Button("Yes", "a"), Button("yes", "b"))
    assert match_button(buttons, "man").found == Button("🙋‍♂️ 男 / man", "m")
    assert match_button(buttons, "wom").found == Button("🙋‍♀️ 女 / woman", "f")
    assert match_button(buttons, "please").found == Button("Yes please", "c")
    assert match_button(buttons, "nothing").buttons == () and match_button(buttons, " ").buttons == ()
