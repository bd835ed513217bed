"""Why cards are no play: one specific error per common mistake, the generic one otherwise.

The rules behind each error are those of :mod:`bot.ruleset.plays` (rule collection 001 一; Hefei rules 004 第四章):
a big and a small joker are not a pair (004 第十条), a wild stands for anything but a joker (004 第十八条),
jokers never join a sequence, A is low or high but sequences do not wrap (004 第八条, 第二十条), straights have
exactly five cards, runs of pairs exactly three pairs (两连对不可出) and runs of triples exactly two.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from bot.errors import PlayError
from bot.ruleset.cards import Card, Rank
from bot.ruleset.plays import MAX_PLAY_SIZE, PLATE_TRIPLES, STRAIGHT_LENGTH, TUBE_PAIRS, classify_counts
from bot.ruleset.variants import DEFAULT_VARIANT, RuleVariant


class NotAPlayError(PlayError):
    """The cards form no play type; the subclasses say more precisely why."""

    key = "plays.not_a_play"


class MixedJokerPairError(NotAPlayError):
    key = "plays.mixed_jokers"


class WildAsJokerError(NotAPlayError):
    key = "plays.wild_as_joker"


class JokerPairInFullHouseError(NotAPlayError):
    """Only under ``RuleVariant(joker_pair_in_full_house=False)``."""

    key = "plays.joker_pair_in_full_house"


class JokerInSequenceError(NotAPlayError):
    key = "plays.joker_in_sequence"


class WrapAroundError(NotAPlayError):
    key = "plays.wrap_around"


class StraightLengthError(NotAPlayError):
    key = "plays.straight_length"


class PairRunLengthError(NotAPlayError):
    key = "plays.pair_run_length"


class TripleRunLengthError(NotAPlayError):
    key = "plays.triple_run_length"


class PlayTooLongError(NotAPlayError):
    key = "plays.too_many_cards"


_JOKERS = (Rank.SMALL_JOKER, Rank.BIG_JOKER)
# Cards per rank → (allowed run length, error for other lengths, shortest run worth that error).
_RUNS: tuple[tuple[int, int, type[NotAPlayError], int], ...] = (
    (1, STRAIGHT_LENGTH, StraightLengthError, 3),
    (2, TUBE_PAIRS, PairRunLengthError, 2),
    (3, PLATE_TRIPLES, TripleRunLengthError, 2),
)


def refusal(cards: Iterable[Card], level: Rank, variant: RuleVariant = DEFAULT_VARIANT) -> NotAPlayError:
    """The most specific reason why ``cards`` (which have no reading) are no play at ``level``."""
    played = tuple(cards)
    size = len(played)
    counts = [0] * 17
    wilds = 0
    for card in played:
        if card.is_wild(level):
            wilds += 1
        else:
            counts[card.rank] += 1
    small, big = counts[Rank.SMALL_JOKER], counts[Rank.BIG_JOKER]
    if size == 2 and small == 1 and big == 1:
        return MixedJokerPairError()
    if small or big:
        return _joker_refusal(counts, wilds, size, level, variant)
    run_refusal = _run_refusal(counts, size)
    if run_refusal is not None:
        return run_refusal
    if size > MAX_PLAY_SIZE:
        return PlayTooLongError(count=size, limit=MAX_PLAY_SIZE)
    return NotAPlayError()


def _joker_refusal(counts: list[int], wilds: int, size: int, level: Rank, variant: RuleVariant) -> NotAPlayError:
    for as_small in range(wilds + 1 if wilds else 0):
        if_jokers = counts.copy()
        if_jokers[Rank.SMALL_JOKER] += as_small
        if_jokers[Rank.BIG_JOKER] += wilds - as_small
        if classify_counts(if_jokers, 0, size, False, level, variant):
            return WildAsJokerError()
    if not variant.joker_pair_in_full_house:
        lenient = dataclasses.replace(variant, joker_pair_in_full_house=True)
        if classify_counts(counts, wilds, size, False, level, lenient):
            return JokerPairInFullHouseError()
    jokers = sum(counts[joker] for joker in _JOKERS)
    if_wild = counts.copy()
    for joker in _JOKERS:
        if_wild[joker] = 0
    if any(reading.type.is_sequence for reading in classify_counts(if_wild, wilds + jokers, size, False, level,
                                                                    variant)):
        return JokerInSequenceError()
    if size > MAX_PLAY_SIZE:
        return PlayTooLongError(count=size, limit=MAX_PLAY_SIZE)
    return NotAPlayError()


def _run_refusal(counts: list[int], size: int) -> NotAPlayError | None:
    """Cards shaped like a run of singles, pairs or triples that has the wrong length or wraps around."""
    present = [value for value in range(2, 15) if counts[value]]
    if not present:
        return None
    most = max(counts[value] for value in present)
    for per_rank, allowed, wrong_length, shortest in _RUNS:
        if most > per_rank or size % per_rank:
            continue
        length = size // per_rank
        if length > 13:
            continue
        linear = _fits_linearly(present, length)
        if length == allowed:
            if not linear and _fits_cyclically(present, length):
                return WrapAroundError()
        elif length >= shortest and (linear or _fits_cyclically(present, length)):
            return wrong_length(count=length)
    return None


def _fits_linearly(present: list[int], length: int) -> bool:
    """Some run of ``length`` positions, A at 1 or at 14, holds every rank in ``present`` (ascending)."""
    if present[-1] == 14 and len(present) > 1:
        low_span = present[-2]  # A at 1: the run reaches from 1 to the highest other rank
        high_span = 14 - present[0] + 1
        return low_span <= length or high_span <= length
    return present[-1] - present[0] + 1 <= length


def _fits_cyclically(present: list[int], length: int) -> bool:
    """Like :func:`_fits_linearly` but with K-A-2 allowed to wrap around."""
    positions = [value - 2 for value in present]  # 2 … A on a clock of 13
    return any(all((position - start) % 13 < length for position in positions) for start in positions)
