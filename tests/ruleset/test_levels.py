import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ruleset.cards import Rank
from bot.ruleset.levels import (
    AFailuresOverLimitError,
    AResult,
    LevelsState,
    MatchOverError,
    PairState,
    parse_level,
    raise_level,
    settle_deal,
)
from bot.ruleset.scoring import MatchLevel, Side, UnknownLevelError, score_match
from bot.ruleset.seats import FinishingOrder, Pair, Seat
from bot.ruleset.variants import AFailureOutcome, APass, RuleVariant

NS, EW = Pair.NORTH_SOUTH, Pair.EAST_WEST
A, J, TWO = Rank.ACE, Rank.JACK, Rank.TWO

EVERY_ORDER = [
    ("NSEW", NS, 3), ("NSWE", NS, 3), ("NESW", NS, 2), ("NWSE", NS, 2), ("NEWS", NS, 1), ("NWES", NS, 1),
    ("SNEW", NS, 3), ("SNWE", NS, 3), ("SENW", NS, 2), ("SWNE", NS, 2), ("SEWN", NS, 1), ("SWEN", NS, 1),
    ("EWNS", EW, 3), ("EWSN", EW, 3), ("ENWS", EW, 2), ("ESWN", EW, 2), ("ENSW", EW, 1), ("ESNW", EW, 1),
    ("WENS", EW, 3), ("WESN", EW, 3), ("WNES", EW, 2), ("WSEN", EW, 2), ("WNSE", EW, 1), ("WSNE", EW, 1),
]  # fmt: skip


def test_the_table_holds_every_finishing_order() -> None:
    assert sorted(text for text, _, _ in EVERY_ORDER) == sorted("".join(p) for p in itertools.permutations("NESW"))


@pytest.mark.parametrize(("text", "winners", "levels"), EVERY_ORDER)
def test_level_up_for_every_finishing_order(text: str, winners: Pair, levels: int) -> None:
    outcome = settle_deal(LevelsState(), FinishingOrder.parse(text))
    assert (outcome.winners, outcome.levels_gained) == (winners, levels)
    assert outcome.state.pair(winners).level == Rank(2 + levels)
    assert outcome.state.pair(winners.other).level is TWO
    assert outcome.state.declarer is winners
    assert outcome.state.deal_level == Rank(2 + levels)
    assert not outcome.match_won and outcome.a_result is None


@pytest.mark.parametrize(
    ("level", "steps", "expected"),
    [(Rank.TEN, 3, Rank.KING), (J, 2, Rank.KING), (J, 3, A), (Rank.QUEEN, 2, A), (Rank.QUEEN, 3, A),
     (Rank.KING, 1, A), (Rank.KING, 3, A), (A, 1, A), (TWO, 0, TWO)],
)  # fmt: skip
def test_levels_never_pass_a(level: Rank, steps: int, expected: Rank) -> None:
    assert raise_level(level, steps) is expected


def test_reaching_a_does_not_win() -> None:
    start = LevelsState(PairState(Rank.KING), PairState(Rank.NINE), declarer=NS)
    outcome = settle_deal(start, FinishingOrder.parse("NSEW"))
    assert (outcome.state.north_south.level, outcome.levels_gained, outcome.match_won) == (A, 1, False)
    assert outcome.state.deal_level is A


def test_winning_a_deal_played_at_the_other_level_keeps_a() -> None:
    start = LevelsState(PairState(A, 1), PairState(Rank.NINE), declarer=EW)
    outcome = settle_deal(start, FinishingOrder.parse("NSEW"))
    assert outcome.state == LevelsState(PairState(A, 1), PairState(Rank.NINE), declarer=NS)
    assert (outcome.levels_gained, outcome.a_result, outcome.match_won) == (0, None, False)


DEFAULT = RuleVariant()
AT_A = LevelsState(PairState(A), PairState(Rank.NINE), declarer=NS)
TWICE_FAILED = LevelsState(PairState(A, 2), PairState(Rank.NINE), declarer=NS)


@pytest.mark.parametrize(
    ("variant", "start", "order", "result", "expected"),
    [
        # Default: first place and partner not last passes; 1st+4th and lost deals are failures; 3 → back to 2.
        (DEFAULT, AT_A, "NSEW", AResult.PASSED, LevelsState(PairState(A), PairState(Rank.NINE), NS, NS, True)),
        (DEFAULT, AT_A, "SENW", AResult.PASSED, LevelsState(PairState(A), PairState(Rank.NINE), NS, NS, True)),
        (DEFAULT, AT_A, "NEWS", AResult.FAILED, LevelsState(PairState(A, 1), PairState(Rank.NINE), NS)),
        (DEFAULT, AT_A, "EWNS", AResult.FAILED, LevelsState(PairState(A, 1), PairState(Rank.QUEEN), EW)),
        (DEFAULT, AT_A, "WSNE", AResult.FAILED, LevelsState(PairState(A, 1), PairState(Rank.TEN), EW)),
        (DEFAULT, TWICE_FAILED, "NEWS", AResult.SENT_BACK, LevelsState(PairState(TWO), PairState(Rank.NINE), NS)),
        (DEFAULT, TWICE_FAILED, "ENWS", AResult.SENT_BACK, LevelsState(PairState(TWO), PairState(J), EW)),
        (DEFAULT, TWICE_FAILED, "SENW", AResult.PASSED,
         LevelsState(PairState(A, 2), PairState(Rank.NINE), NS, NS, True)),
        # Variants of passing A.
        (RuleVariant(a_pass=APass.DOUBLE_DOWN), AT_A, "NESW", AResult.FAILED,
         LevelsState(PairState(A, 1), PairState(Rank.NINE), NS)),
        (RuleVariant(a_pass=APass.DOUBLE_DOWN), AT_A, "NSWE", AResult.PASSED,
         LevelsState(PairState(A), PairState(Rank.NINE), NS, NS, True)),
        (RuleVariant(a_pass=APass.ANY_FIRST), AT_A, "NEWS", AResult.PASSED,
         LevelsState(PairState(A), PairState(Rank.NINE), NS, NS, True)),
        # Variants of what the failure limit brings.
        (RuleVariant(a_failure_outcome=AFailureOutcome.BACK_TO_JACK), TWICE_FAILED, "NEWS", AResult.SENT_BACK,
         LevelsState(PairState(J), PairState(Rank.NINE), NS)),
        (RuleVariant(a_failure_outcome=AFailureOutcome.OPPONENTS_WIN), TWICE_FAILED, "NEWS", AResult.MATCH_LOST,
         LevelsState(PairState(A, 2), PairState(Rank.NINE), NS, EW)),
        (RuleVariant(a_failure_outcome=AFailureOutcome.OPPONENTS_WIN), TWICE_FAILED, "EWSN", AResult.MATCH_LOST,
         LevelsState(PairState(A, 2), PairState(Rank.QUEEN), EW, EW)),
        (RuleVariant(a_failure_limit=2), LevelsState(PairState(A, 1), PairState(Rank.NINE), NS), "EWSN",
         AResult.SENT_BACK, LevelsState(PairState(TWO), PairState(Rank.QUEEN), EW)),
        (RuleVariant(a_failure_limit=2), AT_A, "EWSN", AResult.FAILED,
         LevelsState(PairState(A, 1), PairState(Rank.QUEEN), EW)),
        # Both pairs at A: only the declarer's A is played.
        (DEFAULT, LevelsState(PairState(A), PairState(A), NS), "EWSN", AResult.FAILED,
         LevelsState(PairState(A, 1), PairState(A), EW)),
    ],
)
def test_the_a_rule(variant: RuleVariant, start: LevelsState, order: str, result: AResult,
                    expected: LevelsState) -> None:
    outcome = settle_deal(start, FinishingOrder.parse(order), variant)
    assert outcome.a_pair is NS
    assert outcome.a_result is result
    assert outcome.state == expected
    assert outcome.match_winner is expected.winner


def test_no_deal_after_the_match_is_won() -> None:
    won = settle_deal(AT_A, FinishingOrder.parse("NSEW")).state
    with pytest.raises(MatchOverError):
        settle_deal(won, FinishingOrder.parse("EWNS"))


def test_failures_beyond_the_limit_are_refused() -> None:
    with pytest.raises(AFailuresOverLimitError):
        settle_deal(LevelsState(PairState(A, 2), PairState(A), NS), FinishingOrder.parse("NSEW"),
                    RuleVariant(a_failure_limit=2))


def test_passing_a_scores_as_a_plus() -> None:
    won = settle_deal(AT_A, FinishingOrder.parse("NSEW")).state
    assert won.match_level(NS) == MatchLevel(A, passed_a=True)
    assert won.match_level(EW) == MatchLevel(Rank.NINE)
    score = score_match(won.match_level(NS), won.match_level(EW), RuleVariant())
    assert (score.winner, score.left_points, score.right_points) == (Side.LEFT, 19, 7)


def test_a_whole_match() -> None:
    state = LevelsState()
    deals = ["NSEW", "NSWE", "EWNS", "SNEW", "NEWS", "NEWS", "WENS", "SNEW"]
    results = []
    for text in deals:
        outcome = settle_deal(state, FinishingOrder.parse(text))
        results.append((str(outcome.state.north_south.level.label), outcome.state.east_west.level.label))
        state = outcome.state
    # 2→5→8; EW 2→5; NS 8→J; NS at J+1→Q; Q+1→K; EW 5→8; NS K+3→A (capped, not yet passed)
    assert results == [("5", "2"), ("8", "2"), ("8", "5"), ("J", "5"), ("Q", "5"), ("K", "5"), ("K", "8"),
                       ("A", "8")]
    final = settle_deal(state, FinishingOrder.parse("SENW"))
    assert (final.a_result, final.match_winner) == (AResult.PASSED, NS)


@pytest.mark.parametrize(("text", "expected"), [("2", TWO), ("a", A), ("打J", J), ("10", Rank.TEN)])
def test_parse_level(text: str, expected: Rank) -> None:
    assert parse_level(text) is expected


@pytest.mark.parametrize("text", ["A+", "1", "大王", ""])
def test_parse_level_refuses(text: str) -> None:
    with pytest.raises(UnknownLevelError):
        parse_level(text)


orders = st.permutations(list(Seat)).map(lambda seats: FinishingOrder(tuple(seats)))  # type: ignore[arg-type]
variants = st.builds(RuleVariant, a_failure_limit=st.integers(1, 3), a_failure_outcome=st.sampled_from(AFailureOutcome),
                     a_pass=st.sampled_from(APass))


@settings(max_examples=150)
@given(st.lists(orders, min_size=1, max_size=40), variants)
def test_levels_stay_in_range_and_a_match_ends_once(deals: list[FinishingOrder], variant: RuleVariant) -> None:
    state = LevelsState()
    for order in deals:
        if state.winner is not None:
            break
        before = state
        outcome = settle_deal(state, order, variant)
        state = outcome.state
        for pair in Pair:
            assert TWO <= state.pair(pair).level <= A
            assert state.pair(pair).a_failures < variant.a_failure_limit
        if outcome.a_result is None:
            assert state.pair(order.winners).level >= before.pair(order.winners).level
        if state.winner is None:
            assert state.declarer is order.winners
