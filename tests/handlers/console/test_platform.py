"""The console names the bot as Telegram does, names pictures as an album does, and which button ``:tap`` means."""

from bot.richtext import Button, keyboard
from handlers.console.platform import names_bot, picture_names
from handlers.console.taps import match_button


def test_the_bot_is_named_as_a_mention() -> None:
    assert names_bot("@Guandan_Bot 同花顺", "guandan_bot") and not names_bot("@guandan_bots 同花顺", "guandan_bot")


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
