import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.tournament.names import (
    MAX_NAME_LENGTH,
    NameEmptyError,
    NameTooLongError,
    clean_name,
    clean_unit,
    fit_name,
    name_key,
)


@pytest.mark.parametrize(
    ("typed", "cleaned"),
    [
        ("  张三  ", "张三"),
        ("Li\t\n  Lei", "Li Lei"),
        ("Bob\u202eevil", "Bobevil"),  # a right-to-left override would reverse the rest on screen
        ("A\u0000B\u0007C", "ABC"),
        ("soft\u00adhyphen", "softhyphen"),
        ("\u3164\u3164王五", "王五"),  # Hangul fillers make names look blank
        ("👨\u200d👩\u200d👧 family", "👨\u200d👩\u200d👧 family"),  # the joiner that glues emoji stays
        ("\u200d李四\u200d", "李四"),
        ("e\u0301", "é"),  # composed (NFC)
        ("Q" + "\u0301" * 40, "Q" + "\u0301" * 4),
        ("全角　空格", "全角 空格"),
    ],
)
def test_clean_name(typed: str, cleaned: str) -> None:
    assert clean_name(typed) == cleaned


@pytest.mark.parametrize("typed", ["", "   ", "\u200b\u200b", "\u3164", "\u2800\u2800", "\u200d", "\ufe0f", "\u0301"])
def test_blank_names_are_refused(typed: str) -> None:
    with pytest.raises(NameEmptyError):
        clean_name(typed)


def test_long_names_are_refused_with_the_limit() -> None:
    with pytest.raises(NameTooLongError) as caught:
        clean_name("长" * (MAX_NAME_LENGTH + 1))
    assert caught.value.params == {"limit": MAX_NAME_LENGTH, "length": MAX_NAME_LENGTH + 1}


def test_a_name_at_the_limit_is_accepted() -> None:
    assert clean_name("x" * MAX_NAME_LENGTH) == "x" * MAX_NAME_LENGTH


def test_fit_name_shortens_and_falls_back() -> None:
    fitted = fit_name("y" * 200, fallback="#1")
    assert len(fitted) == MAX_NAME_LENGTH
    assert fitted.endswith("…")
    assert fit_name("\u3164", fallback="#1") == "#1"


@pytest.mark.parametrize(("typed", "unit"), [(None, None), ("  ", None), (" 财务部 ", "财务部")])
def test_clean_unit(typed: str | None, unit: str | None) -> None:
    assert clean_unit(typed) == unit


@pytest.mark.parametrize(("first", "second"), [("Bob", "bob"), ("ＢＯＢ", "bob"), ("Li  Lei", "li lei")])
def test_name_key_ignores_case_width_and_spacing(first: str, second: str) -> None:
    assert name_key(clean_name(first)) == name_key(clean_name(second))


@given(st.text(max_size=200))
def test_cleaned_names_are_bounded_visible_and_stable(typed: str) -> None:
    try:
        cleaned = clean_name(typed)
    except (NameEmptyError, NameTooLongError):
        return
    assert 0 < len(cleaned) <= MAX_NAME_LENGTH
    assert cleaned == cleaned.strip()
    assert clean_name(cleaned) == cleaned


@given(st.text(max_size=200))
def test_fit_name_never_fails(typed: str) -> None:
    assert 0 < len(fit_name(typed, fallback="#7")) <= MAX_NAME_LENGTH
