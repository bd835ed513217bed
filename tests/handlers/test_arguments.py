import pytest

from handlers.arguments import ArgumentTooLong, TooManyArguments, at_most, clean_arguments, clean_text, split_words


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("ｅｎ", "en"),  # full-width letters
        ("e\u200bn", "en"),  # zero-width space
        ("\u202ezh", "zh"),  # right-to-left override
        ("张三", "张三"),
        ("👨‍👩‍👧", "👨👩👧"),  # joiners are format characters too
        ("a\x00b", "ab"),
    ],
)
def test_clean_text(raw: str, clean: str) -> None:
    assert clean_text(raw) == clean


def test_clean_arguments_splits_on_any_whitespace_and_drops_empties() -> None:
    assert clean_arguments(["张三\u3000李四", "\u200b"], 10) == ("张三", "李四")


def test_an_argument_past_the_limit_is_refused() -> None:
    with pytest.raises(ArgumentTooLong) as raised:
        clean_arguments(["x" * 11], 10)
    assert raised.value.params == {"limit": 10}


def test_at_most_names_what_is_extra_briefly() -> None:
    with pytest.raises(TooManyArguments) as raised:
        at_most(("a", "b", *["c" * 30] * 3), 1)
    assert len(raised.value.params["extra"]) == 40
    assert at_most(("a",), 1) == ("a",)


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (['"Mary', 'Jane"', '"Peter', 'Parker"'], ("Mary Jane", "Peter Parker")),
        (["“Tony", "Stark”"], ("Tony Stark",)),
        (["「王", "小明」", "男"], ("王 小明", "男")),
        (["什么是“抗贡”"], ("什么是“抗贡”",)),  # a quote inside a word stays
        (['"unclosed', "name"], ('"unclosed', "name")),
        (['""', "x"], ("x",)),
        (["O'Brien", "Sam"], ("O'Brien", "Sam")),
    ],
)
def test_quoted_words_are_one_argument(raw: list[str], words: tuple[str, ...]) -> None:
    assert clean_arguments(raw, 64) == words
    assert split_words(" ".join(raw)) == list(words)


def test_a_quoted_argument_counts_as_one_for_the_length_limit() -> None:
    with pytest.raises(ArgumentTooLong):
        clean_arguments(['"aaaa', 'bbbb"'], 8)
