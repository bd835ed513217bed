"""Commands in a document's caption: only this bot's, only the first word."""

import pytest

from handlers.reading import Addressing, caption_command


@pytest.mark.parametrize(
    ("caption", "command"),
    [
        ("/import", "import"),
        ("/Import@Guandan_Test_Bot", "import"),
        ("/import 名单", "import"),
        ("/import@other_bot", None),
        ("请导入 /import", None),
        ("", None),
        (None, None),
        ("/", None),
        ("/@guandan_test_bot", None),
    ],
)
def test_caption_command(caption: str | None, command: str | None) -> None:
    assert caption_command(caption, Addressing(private=False, bot_username="guandan_test_bot")) == command
