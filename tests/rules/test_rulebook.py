import tomllib
from importlib import resources

import pytest

from bot.i18n import Language
from bot.rules.answers import ask, topics
from bot.rules.rulebook import MAX_QUESTION_CHARS, RULE_SECTIONS


@pytest.mark.parametrize("lang", list(Language))
def test_the_section_list_matches_the_catalog(lang: Language) -> None:
    text = resources.files("locales").joinpath(lang.value, "rulebook.toml").read_text(encoding="utf-8")
    tables = tomllib.loads(text)
    assert list(tables) == list(RULE_SECTIONS)
    assert all(set(table) == {"title", "text"} for table in tables.values())


def test_topics_in_both_languages() -> None:
    assert [topic.section_id for topic in topics(Language.ZH)] == list(RULE_SECTIONS)


def test_very_long_questions_are_cut() -> None:
    found = ask("双下升几级" + "啊" * 5000, Language.EN)
    assert found.answers and found.answers[0].section_id == "level_up"
    assert len(found.question) > MAX_QUESTION_CHARS
