"""Both catalogs define the same keys, each with the same placeholders, and every text formats."""

import string

import pytest

from bot.i18n import Language, catalog, language_for, t


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def test_both_languages_have_the_same_keys() -> None:
    zh, en = catalog(Language.ZH), catalog(Language.EN)
    assert sorted(set(zh) - set(en)) == []
    assert sorted(set(en) - set(zh)) == []


@pytest.mark.parametrize("key", sorted(catalog(Language.EN)))
def test_placeholders_match(key: str) -> None:
    assert placeholders(catalog(Language.ZH)[key]) == placeholders(catalog(Language.EN)[key]), key


@pytest.mark.parametrize("lang", list(Language))
def test_every_text_is_nonempty(lang: Language) -> None:
    assert all(text.strip() for text in catalog(lang).values())


def test_t_fills_placeholders() -> None:
    assert "S1" in t("cards.unknown_card", "en", token="S1")


@pytest.mark.parametrize(
    ("code", "expected"),
    [("zh", Language.ZH), ("zh-hans", Language.ZH), ("zh-TW", Language.ZH), ("en", Language.EN),
     ("de", Language.EN), (None, Language.EN)],
)
def test_telegram_language_codes(code: str | None, expected: Language) -> None:
    assert language_for(code) is expected


@pytest.mark.parametrize(
    ("lang", "expected"), [(Language.ZH, "替补：张三、李四。"), (Language.EN, "Reserves: Ann, Bob.")]
)
def test_a_tuple_fills_a_placeholder_as_the_language_writes_a_list(lang: Language, expected: str) -> None:
    names = ("张三", "李四") if lang is Language.ZH else ("Ann", "Bob")
    assert t("lineup.not_a_reserve", lang, name="x", reserves=names).endswith(expected)


def test_an_empty_list_is_a_dash() -> None:
    assert t("lineup.not_a_reserve", Language.EN, name="x", reserves=()).endswith("Reserves: —.")
