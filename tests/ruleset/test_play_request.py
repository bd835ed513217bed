import pytest

from bot.errors import UsageError
from bot.ruleset.cards import Rank
from bot.ruleset.judge import UnknownPlayLevelError
from bot.ruleset.play_request import (
    DEFAULT_LEVEL,
    ExtraSeparatorError,
    MissingLevelError,
    NoAgainstCardsError,
    NoPlayCardsError,
    PlayRequest,
    TwoLevelsError,
    parse_play_request,
)


def words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("打10 S3", Rank.TEN),
        ("打 10 S3", Rank.TEN),
        ("打10级 S3", Rank.TEN),
        ("打A S3", Rank.ACE),
        ("打a S3", Rank.ACE),
        ("打T S3", Rank.TEN),
        ("level=J S3", Rank.JACK),
        ("LEVEL=q S3", Rank.QUEEN),
        ("level 10 S3", Rank.TEN),
        ("Level: 7 S3", Rank.SEVEN),
        ("level:K S3", Rank.KING),
        ("L=3 S3", Rank.THREE),
        ("l=4 S3", Rank.FOUR),
        ("lvl=5 S3", Rank.FIVE),
        ("lv 6 S3", Rank.SIX),
        ("级=8 S3", Rank.EIGHT),
        ("级数 9 S3", Rank.NINE),
        ("--level 2 S3", Rank.TWO),
        ("S3 打K", Rank.KING),  # anywhere among the words
        ("S3 vs S4 level=Q", Rank.QUEEN),
    ],
)
def test_every_level_notation(text: str, level: Rank) -> None:
    request = parse_play_request(words(text))
    assert request.level is level and request.level_given
    assert request.cards == "S3"


def test_no_level_assumes_the_default_and_says_it_was_not_given() -> None:
    assert parse_play_request(words("S3 S3")) == PlayRequest("S3 S3", DEFAULT_LEVEL, None, level_given=False)
    assert DEFAULT_LEVEL is Rank.TWO


def test_the_same_level_twice_is_accepted() -> None:
    assert parse_play_request(words("打10 level=10 S3")).level is Rank.TEN


@pytest.mark.parametrize("separator", ["vs", "VS", "Vs.", "v", "对", "压", "管", "beats", "against", ">", "--beats"])
def test_separators(separator: str) -> None:
    request = parse_play_request(words(f"打10 S3 D3 {separator} S4 D4"))
    assert (request.cards, request.against, request.level) == ("S3 D3", "S4 D4", Rank.TEN)


@pytest.mark.parametrize(
    ("text", "error", "params"),
    [
        ("", NoPlayCardsError, {}),
        ("打10", NoPlayCardsError, {}),
        ("vs S3", NoPlayCardsError, {}),
        ("S3 vs", NoAgainstCardsError, {"separator": "vs"}),
        ("S3 对 打10", NoAgainstCardsError, {"separator": "对"}),
        ("S3 vs S4 压 S5", ExtraSeparatorError, {"separator": "压"}),
        ("S3 level", MissingLevelError, {"word": "level"}),
        ("S3 level=", MissingLevelError, {"word": "level="}),
        ("S3 打", MissingLevelError, {"word": "打"}),
        ("打10 level=J S3", TwoLevelsError, {"first": "10", "second": "J"}),
    ],
)
def test_malformed_requests(text: str, error: type[UsageError], params: dict[str, str]) -> None:
    with pytest.raises(error) as raised:
        parse_play_request(words(text))
    assert raised.value.params == params


@pytest.mark.parametrize("text", ["打Z S3", "level=1 S3", "打大王 S3", "level=A+ S3", "打11 S3"])
def test_unknown_levels(text: str) -> None:
    with pytest.raises(UnknownPlayLevelError):
        parse_play_request(words(text))


def test_words_that_only_look_like_levels_are_cards() -> None:
    # "LA" / "ln" are no level words: left for the card reader to refuse by name.
    assert parse_play_request(words("LA ln")).cards == "LA ln"
