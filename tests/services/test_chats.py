import pytest

from bot.i18n import Language
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.chats import resolve_language


def private(code: str | None) -> Caller:
    return Caller(1, ChatKind.PRIVATE, ChatUser(1, "A", language_code=code))


GROUP = Caller(-5, ChatKind.GROUP, ChatUser(1, "A", language_code="en"))


@pytest.mark.parametrize(
    ("chosen", "caller", "default", "expected"),
    [
        (Language.EN, private("zh-hans"), Language.ZH, Language.EN),  # the chat's choice wins
        (None, private("zh-hans"), Language.EN, Language.ZH),  # private: the user's Telegram language
        (None, private("de"), Language.ZH, Language.EN),
        (None, private(None), Language.ZH, Language.EN),
        (None, GROUP, Language.ZH, Language.ZH),  # groups: GUANDAN_LANG, whatever the sender's language
        (Language.EN, GROUP, Language.ZH, Language.EN),
    ],
)
def test_resolve_language(chosen: Language | None, caller: Caller, default: Language, expected: Language) -> None:
    assert resolve_language(chosen, caller, default) is expected
