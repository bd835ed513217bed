import tomllib
from importlib import resources

import pytest

from bot.i18n import Language
from bot.rulebook import (
    MAX_QUESTION_CHARS,
    RULE_SECTIONS,
    answer,
    question_language,
    render_answer,
    render_topics,
    topics,
)
from bot.ruleset.variants import (
    AFailureOutcome,
    APass,
    DoubleDownTribute,
    EqualTributes,
    RuleVariant,
    ScoringScale,
    TieBreak,
)
from bot.variant_notes import note


@pytest.mark.parametrize("lang", list(Language))
def test_the_section_list_matches_the_catalog(lang: Language) -> None:
    text = resources.files("locales").joinpath(lang.value, "rulebook.toml").read_text(encoding="utf-8")
    tables = tomllib.loads(text)
    assert list(tables) == list(RULE_SECTIONS)
    assert all(set(table) == {"title", "text"} for table in tables.values())


@pytest.mark.parametrize(
    ("question", "lang"),
    [("双下升几级", Language.ZH), ("双下 how many levels", Language.ZH), ("how many levels", Language.EN)],
)
def test_the_question_decides_the_language(question: str, lang: Language) -> None:
    assert question_language(question) is lang
    assert answer(question).lang is lang


def test_number_question_answer_states_the_number() -> None:
    found = answer("双下升几级")
    best = found.answers[0]
    assert (best.section_id, best.title) == ("level_up", "升级")
    assert "升3级" in best.text
    english = answer("双下升几级", Language.EN).answers[0]
    assert english.title == "Level-up" and "up 3 levels" in english.text


def test_off_topic_answer_lists_the_topics() -> None:
    found = answer("what's the weather like today")
    assert found.off_topic
    text = render_answer(found)
    assert "not look like a question about the rules" in text
    assert all(topic.title in text for topic in topics(Language.EN))


def test_rendered_answer_has_title_text_and_related_titles() -> None:
    found = answer("抗贡要几个大王?")
    text = render_answer(found)
    assert text.startswith("抗贡\n\n抗贡（拒贡）")
    if len(found.answers) > 1:
        assert "相关：" in text


def test_topics_in_both_languages() -> None:
    assert [topic.section_id for topic in topics(Language.ZH)] == list(RULE_SECTIONS)
    assert "升级" in render_topics(Language.ZH) and "Level-up" in render_topics(Language.EN)


def test_very_long_questions_are_cut() -> None:
    found = answer("双下升几级" + "啊" * 5000)
    assert found.answers and found.answers[0].section_id == "level_up"
    assert len(found.question) > MAX_QUESTION_CHARS


def test_a_tournament_variant_adds_its_choice() -> None:
    variant = RuleVariant(a_failure_limit=2, a_failure_outcome=AFailureOutcome.BACK_TO_JACK)
    found = answer("打A几次不过退回", variant=variant)
    best = found.answers[0]
    assert best.section_id == "a_rule"
    assert best.note == "本赛事：打A累计 2 次不过就退回J重打；拿到头游且对家不是末游才算过A。"
    assert render_answer(found).endswith(best.note)
    assert answer("打A几次不过退回").answers[0].note is None


@pytest.mark.parametrize("lang", list(Language))
@pytest.mark.parametrize(
    "variant",
    [RuleVariant(), RuleVariant(tribute=False), RuleVariant(scoring=ScoringScale.WIN_LOSS, tie_break=TieBreak.DECLARER),
     RuleVariant(double_down_tribute=DoubleDownTribute.BY_PLACE, equal_tributes=EqualTributes.LAST_PLACE_TO_FIRST,
                 a_pass=APass.ANY_FIRST, a_failure_outcome=AFailureOutcome.OPPONENTS_WIN)],
)
def test_every_variant_has_a_note(variant: RuleVariant, lang: Language) -> None:
    notes = {section_id: note(section_id, variant, lang) for section_id in RULE_SECTIONS}
    assert notes["level_up"] is None
    assert all(notes[section_id] for section_id in ("a_rule", "tribute", "who_leads", "scoring", "forfeits",
                                                      "time_limit"))
    assert (notes["anti_tribute"] is None) == variant.tribute
