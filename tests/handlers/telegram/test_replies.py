import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.richtext import escape, escape_params
from handlers.telegram.replies import MESSAGE_LIMIT, split_message, text_length


def test_short_text_is_one_piece() -> None:
    assert split_message("hello\nworld") == ["hello\nworld"]


def test_blank_text_sends_nothing() -> None:
    assert split_message(" \n ") == []


def test_long_text_is_cut_between_lines() -> None:
    lines = [f"第{number}桌：张三 / 李四 对 王五 / 赵六" for number in range(400)]
    pieces = split_message("\n".join(lines))
    assert len(pieces) > 1
    assert all(text_length(piece) <= MESSAGE_LIMIT for piece in pieces)
    assert "\n".join(pieces).split("\n") == lines


def test_a_single_huge_line_is_cut_at_spaces() -> None:
    words = ["word"] * 3000
    pieces = split_message(" ".join(words))
    assert all(text_length(piece) <= MESSAGE_LIMIT for piece in pieces)
    assert " ".join(pieces).split(" ") == words


def test_emoji_count_twice_as_telegram_counts_them() -> None:
    pieces = split_message("🀄" * 3000)
    assert len(pieces) == 2 and all(text_length(piece) <= MESSAGE_LIMIT for piece in pieces)


def test_cuts_never_fall_inside_tags_or_entities_and_tags_are_reopened() -> None:
    text = "<b>" + "A &amp; B " * 1000 + "</b>"
    pieces = split_message(text)
    assert len(pieces) > 1
    for piece in pieces:
        assert text_length(piece) <= MESSAGE_LIMIT
        assert piece.startswith("<b>") and piece.endswith("</b>")
        assert not re.search(r"&[a-z]*$|&[a-z]*\s|<[^>]*$", piece.removesuffix("</b>"))


@settings(max_examples=60)
@given(st.lists(st.text(alphabet=st.sampled_from("ab 掼🀄\n"), max_size=300), min_size=1, max_size=40),
       st.integers(min_value=20, max_value=200))
def test_pieces_fit_and_keep_every_visible_character(chunks: list[str], limit: int) -> None:
    text = "".join(chunks)
    pieces = split_message(text, limit)
    assert all(text_length(piece) <= limit for piece in pieces)
    assert "".join(pieces).replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(" ", "")


@pytest.mark.parametrize(
    ("raw", "escaped"),
    [("<b>张三</b>", "&lt;b&gt;张三&lt;/b&gt;"), ("Tom & Jerry", "Tom &amp; Jerry"), ('"quoted"', '"quoted"')],
)
def test_escape(raw: str, escaped: str) -> None:
    assert escape(raw) == escaped


def test_escape_params_leaves_numbers_alone() -> None:
    assert escape_params({"name": "<i>", "count": 3}) == {"name": "&lt;i&gt;", "count": 3}
