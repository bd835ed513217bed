"""Why cards are no play: the most specific reason, with its parameters."""

from typing import Any

import pytest

from bot.ruleset.cards import Rank, parse_cards
from bot.ruleset.plays import readings
from bot.ruleset.refusals import (
    JokerInSequenceError,
    JokerPairInFullHouseError,
    MixedJokerPairError,
    NotAPlayError,
    PairRunLengthError,
    PlayTooLongError,
    StraightLengthError,
    TripleRunLengthError,
    WildAsJokerError,
    WrapAroundError,
    refusal,
)
from bot.ruleset.variants import DEFAULT_VARIANT, RuleVariant


@pytest.mark.parametrize(
    ("cards", "error", "params"),
    [
        ("BIG SMALL", MixedJokerPairError, {}),
        ("BIG H10", WildAsJokerError, {}),
        ("SMALL H10", WildAsJokerError, {}),
        ("BIG BIG SMALL H10", WildAsJokerError, {}),
        ("S3 D4 BIG S6 D7", JokerInSequenceError, {}),
        ("S3 D3 S4 D4 SMALL SMALL", JokerInSequenceError, {}),
        ("SJ DQ CK SA D2", WrapAroundError, {}),
        ("SQ DK CA S2 D3", WrapAroundError, {}),
        ("SK DK SA DA S2 D2", WrapAroundError, {}),
        ("SK DK CK S2 D2 C2", NotAPlayError, {}),
        ("S3 D4 C5", StraightLengthError, {"count": 3}),
        ("S3 D4 C5 S6 D7 S8", StraightLengthError, {"count": 6}),
        ("S3 D4 C5 H10 D7 S8", StraightLengthError, {"count": 6}),
        ("S3 D3 S4 D4", PairRunLengthError, {"count": 2}),
        ("S3 D3 S4 D4 S5 D5 S6 D6", PairRunLengthError, {"count": 4}),
        ("S3 D3 C3 S4 D4 C4 S5 D5 C5", TripleRunLengthError, {"count": 3}),
        ("3 3 3 3 3 3 4 4 4 4 4", PlayTooLongError, {"count": 11, "limit": 10}),
        ("S3 S5", NotAPlayError, {}),
        ("S3 D3 C3 S4 D5", NotAPlayError, {}),
        ("BIG BIG SMALL", NotAPlayError, {}),
    ],
)
def test_refusal(cards: str, error: type[NotAPlayError], params: dict[str, Any]) -> None:
    played = parse_cards(cards)
    assert readings(played, Rank.TEN) == ()
    reason = refusal(played, Rank.TEN)
    assert type(reason) is error
    assert reason.params == params


def test_joker_pair_in_full_house_is_refused_by_name_under_that_variant() -> None:
    variant = RuleVariant(joker_pair_in_full_house=False)
    assert isinstance(refusal(parse_cards("S3 D3 C3 BIG BIG"), Rank.TEN, variant), JokerPairInFullHouseError)
    assert type(refusal(parse_cards("S3 D3 C3 BIG SMALL"), Rank.TEN, DEFAULT_VARIANT)) is NotAPlayError
