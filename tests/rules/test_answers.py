import pytest

from bot.i18n import Language
from bot.presenters.rules import answer_text
from bot.richtext import to_plain
from bot.rules.answers import answer, answer_language, ask
from bot.ruleset.variants import AFailureOutcome, RuleVariant


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


@pytest.mark.parametrize(
    ("question", "lang"),
    [("双下升几级", Language.ZH), ("双下 how many levels", Language.ZH), ("how many levels", Language.EN)],
)
@pytest.mark.parametrize("fallback", list(Language))
def test_the_question_decides_the_language(question: str, lang: Language, fallback: Language) -> None:
    assert answer_language(question, fallback) is lang
    assert ask(question, fallback).lang is lang


def test_number_question_answer_states_the_number() -> None:
    found = ask("双下升几级", Language.EN)
    best = found.answers[0]
    assert (best.section_id, best.title) == ("level_up", "升级")
    assert "升3级" in best.text
    english = answer("双下升几级", Language.EN).answers[0]
    assert english.title == "Level-up" and "up 3 levels" in english.text


def test_a_tournament_variant_adds_its_choice() -> None:
    variant = RuleVariant(a_failure_limit=2, a_failure_outcome=AFailureOutcome.BACK_TO_JACK)
    found = ask("打A几次不过退回", Language.EN, variant)
    best = found.answers[0]
    assert best.section_id == "a_rule"
    assert best.note == "本赛事：打A累计 2 次不过就退回J重打；拿到头游且对家不是末游才算过A。"
    assert to_plain(answer_text(found)).endswith(best.note)
    assert ask("打A几次不过退回", Language.EN).answers[0].note is None
