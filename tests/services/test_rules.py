import pytest

from bot.i18n import Language
from bot.ruleset.variants import RuleVariant
from bot.services.rules import answer_language, ask


@pytest.mark.parametrize(
    ("question", "chat", "expected"),
    [
        ("双下升几级", Language.EN, Language.ZH),
        ("what is 接风", Language.EN, Language.ZH),  # any Chinese: the asker reads Chinese
        ("anti-tribute?", Language.ZH, Language.EN),
        ("A", Language.ZH, Language.ZH),  # one letter is a rank, not English
        ("A", Language.EN, Language.EN),
        ("2 3 4 ?", Language.ZH, Language.ZH),
        ("😀", Language.EN, Language.EN),
    ],
)
def test_answer_language(question: str, chat: Language, expected: Language) -> None:
    assert answer_language(question, chat) is expected


def test_ask_answers_in_that_language() -> None:
    found = ask("how many levels for a double down", Language.ZH)
    assert found.lang is Language.EN and found.answers[0].section_id == "level_up"


def test_with_a_tournaments_variant_the_answer_notes_its_choice() -> None:
    assert ask("打A怎么才算过", Language.ZH).answers[0].note is None
    noted = ask("打A怎么才算过", Language.ZH, RuleVariant()).answers[0]
    assert noted.section_id == "a_rule" and noted.note
