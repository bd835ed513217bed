"""Long names are shortened to a measured width with an ellipsis; short ones stay as they are."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.pictures.text import ELLIPSIS, clean, fit, width


@pytest.mark.parametrize("text", ["张三 / 李四", "Anna / Bo", "欧阳娜娜"])
def test_text_that_fits_is_unchanged(text: str) -> None:
    assert fit(text, 16, 200.0) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Alexander Hamilton / Elizabeth Schuyler", "Alexan… / Elizab…"),
        ("Bo / Christopherus Maximilian Longname", "Bo / Christopheru…"),
        ("欧阳娜娜娜娜娜娜娜 / 司马光光光光光光", "欧阳娜… / 司马光…"),
        ("Maximilian Christopherus Longname", "Maximilian Christ…"),
    ],
)
def test_long_names_are_shortened_member_by_member(text: str, expected: str) -> None:
    assert fit(text, 16, 150.0) == expected
    assert width(expected, 16) <= 150


def test_control_characters_become_spaces() -> None:
    assert clean("张三\n李四\t\u202eX") == "张三 李四 X"


@pytest.mark.parametrize("text", ["q\u0323\u0307" * 30, "e\u0301\u0302" * 30, "👩\u200d👩\u200d👧" * 20])
def test_a_cut_never_separates_a_character_from_its_marks(text: str) -> None:
    whole = clean(text)
    body = fit(text, 16, 160.0).removesuffix(ELLIPSIS)
    assert whole.startswith(body) and len(body) < len(whole)
    following = whole[len(body)]
    assert not unicodedata.combining(following) and following != "\u200d" and body[-1] != "\u200d"


@given(text=st.text(min_size=1, max_size=60), room=st.integers(30, 300))
def test_shortened_text_always_fits(text: str, room: int) -> None:
    shortened = fit(text, 16, float(room))
    assert width(shortened, 16) <= room or shortened == ELLIPSIS
