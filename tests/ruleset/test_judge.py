import pytest

from bot.ruleset.cards import Rank, TooManyCopiesError, UnknownSuitError
from bot.ruleset.judge import UnknownPlayLevelError, judge, parse_level
from bot.ruleset.plays import PlayType
from bot.ruleset.refusals import WrapAroundError


@pytest.mark.parametrize(
    ("text", "level"),
    [("2", Rank.TWO), ("10", Rank.TEN), ("t", Rank.TEN), ("j", Rank.JACK), ("Q", Rank.QUEEN), ("k", Rank.KING),
     ("a", Rank.ACE), (" A ", Rank.ACE), ("１０", Rank.TEN)],
)
def test_parse_level(text: str, level: Rank) -> None:
    assert parse_level(text) is level


@pytest.mark.parametrize("text", ["1", "11", "0", "A+", "大王", "BIG", "", "S10"])
def test_parse_level_refuses(text: str) -> None:
    with pytest.raises(UnknownPlayLevelError) as raised:
        parse_level(text)
    assert raised.value.params == {"level": text}


def test_judge_one_play() -> None:
    verdict = judge("S3 D3 C3 S4 D4", Rank.TEN)
    assert verdict.play.valid and verdict.play.refusal is None
    assert [(reading.type, reading.rank) for reading in verdict.play.readings] == [(PlayType.FULL_HOUSE, Rank.THREE)]
    assert verdict.against is None and verdict.beats is None


def test_judge_against_another_play() -> None:
    verdict = judge("S4 D4 C4 S2 D2", Rank.TEN, "S3 D3 C3 S4 D4")
    assert verdict.beats is True
    assert verdict.against is not None and verdict.against.strongest is not None
    assert verdict.against.strongest.rank is Rank.THREE


def test_judge_no_play_keeps_the_reason_and_beats_nothing() -> None:
    verdict = judge("SQ DK CA S2 D3", Rank.TEN, "S3 D4 C5 S6 D7")
    assert not verdict.play.valid
    assert isinstance(verdict.play.refusal, WrapAroundError)
    assert verdict.beats is False


def test_judge_against_no_play_is_false() -> None:
    verdict = judge("S3 D4 C5 S6 D7", Rank.TEN, "S3 S5")
    assert verdict.beats is False
    assert verdict.against is not None and not verdict.against.valid


def test_judge_raises_for_unreadable_cards() -> None:
    with pytest.raises(UnknownSuitError):
        judge("S3", Rank.TEN, "X9")


@pytest.mark.parametrize("text", ["S3 S3 S3", "H10 H10 H10", "BIG BIG BIG", "3 3 3 3 3 3 3"])
def test_judge_refuses_more_copies_than_two_decks_hold(text: str) -> None:
    with pytest.raises(TooManyCopiesError):
        judge(text, Rank.TEN)
