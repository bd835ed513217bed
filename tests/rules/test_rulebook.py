import os
import pickle
import stat
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from bot.i18n import Language
from bot.rules import rulebook
from bot.rules.answers import ask, topics
from bot.rules.rulebook import MAX_QUESTION_CHARS, RULE_SECTIONS
from bot.ruleset.knowledge import RuleIndex


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


# The built index kept in the cache folder (bot.rules.rulebook's module docstring).

QUESTIONS = ["双下升几级", "who leads after a double down", "抗贡要几个大王", "can jokers be in a straight"]


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    rulebook.rule_index.cache_clear()
    yield tmp_path / "guandan-bot"
    rulebook.rule_index.cache_clear()


def ranked(question: str) -> list[tuple[str, float]]:
    return [(found.section_id, round(found.score, 9)) for found in rulebook.rule_index().search(question)]


def test_the_index_is_kept_in_the_cache_folder_and_answers_the_same_from_it(
        cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = [ranked(question) for question in QUESTIONS]
    [stored] = cache_home.glob("rule-index-*.pickle")
    assert stored.name == f"rule-index-{rulebook.index_digest()}.pickle"
    assert stat.S_IMODE(cache_home.stat().st_mode) == 0o700
    rulebook.rule_index.cache_clear()

    def no_building() -> RuleIndex:
        raise AssertionError("the index was built again instead of loaded")

    monkeypatch.setattr(rulebook, "build_rule_index", no_building)
    assert [ranked(question) for question in QUESTIONS] == built


def test_a_damaged_or_foreign_cache_file_is_built_over(cache_home: Path) -> None:
    path = cache_home / f"rule-index-{rulebook.index_digest()}.pickle"
    cache_home.mkdir(mode=0o700)
    path.write_bytes(b"not a pickle")
    assert ranked("双下升几级")[0][0] == "level_up"
    rulebook.rule_index.cache_clear()
    path.write_bytes(pickle.dumps({"not": "an index"}))
    assert ranked("双下升几级")[0][0] == "level_up"
    assert isinstance(pickle.loads(path.read_bytes()), RuleIndex)  # written anew


def test_an_older_versions_file_is_dropped_and_never_read(cache_home: Path) -> None:
    cache_home.mkdir(mode=0o700)
    old = cache_home / "rule-index-0123456789abcdef0123456789abcdef.pickle"
    old.write_bytes(b"an older version's index")
    assert ranked("双下升几级")[0][0] == "level_up"
    assert not old.exists()


def test_the_digest_changes_with_a_rule_text(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    before = rulebook.index_digest()
    for lang in Language:
        folder = tmp_path / lang.value
        folder.mkdir()
        text = resources.files("locales").joinpath(lang.value, "rulebook.toml").read_text(encoding="utf-8")
        (folder / "rulebook.toml").write_text(text.replace("。", "。 ", 1).replace(".", ". ", 1), encoding="utf-8")
    monkeypatch.setattr(rulebook.resources, "files", lambda package: tmp_path)
    assert rulebook.index_digest() != before


def test_without_a_writable_cache_folder_the_index_is_built_all_the_same(
        cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache_home.parent.chmod(0o500)
    try:
        if os.access(cache_home.parent, os.W_OK):  # root ignores the mode: make the folder a file instead
            cache_home.parent.chmod(0o700)
            cache_home.write_bytes(b"")
        assert ranked("双下升几级")[0][0] == "level_up"
        assert not list(cache_home.parent.glob("guandan-bot/*.pickle"))
        assert not list(cache_home.parent.glob("**/.tmp-*"))
    finally:
        cache_home.parent.chmod(0o700)
