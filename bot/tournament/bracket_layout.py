"""The arithmetic of a knockout bracket: its size, its rounds, match ids, draw lines and where byes go.

A bracket of ``size`` draw lines (a power of two) has ``log2(size)`` rounds; round ``r`` has ``size >> r`` matches,
numbered by *slot* 0, 1, … from the top of the bracket. Match ids run through the rounds: round 1 is ``1 …
size/2``, round 2 follows, the final is ``size − 1`` and a third-place playoff, when there is one, is ``size``.
Draw line ``l`` (0-based) plays round-1 slot ``l // 2``, on the left when ``l`` is even.
"""

from __future__ import annotations

from functools import cache

from bot.ruleset.scoring import Side


def bracket_size(pairs: int) -> int:
    """The smallest power of two that holds ``pairs`` (at least 2)."""
    return max(2, 1 << (pairs - 1).bit_length())


def round_count(size: int) -> int:
    return size.bit_length() - 1


def matches_in_round(size: int, round_number: int) -> int:
    return size >> round_number


def first_match_id(size: int, round_number: int) -> int:
    return size - (size >> (round_number - 1)) + 1


def match_id(size: int, round_number: int, slot: int) -> int:
    return first_match_id(size, round_number) + slot


def third_place_id(size: int) -> int:
    return size


def has_third_place_slot(size: int) -> bool:
    """Only a bracket with semi-finals (four lines or more) can have a third-place playoff."""
    return size >= 4


def locate(size: int, match_number: int) -> tuple[int, int]:
    """``(round, slot)`` of a main-bracket match id (not the third-place playoff)."""
    from_end = size - match_number + 1  # round r holds from_end in (size >> r, size >> (r - 1)]
    round_number = round_count(size) - (from_end - 1).bit_length() + 1
    return round_number, match_number - first_match_id(size, round_number)


def next_match(size: int, round_number: int, slot: int) -> tuple[int, Side]:
    """The match the winner of ``(round, slot)`` plays next, and on which side."""
    side = Side.LEFT if slot % 2 == 0 else Side.RIGHT
    return match_id(size, round_number + 1, slot // 2), side


def feeder_slots(slot: int) -> tuple[int, int]:
    """The two previous-round slots whose winners meet in ``slot``."""
    return 2 * slot, 2 * slot + 1


@cache
def seeding_order(size: int) -> tuple[int, ...]:
    """Seed number (1-based) standing on each draw line under the standard order.

    Built recursively: in every match of a bracket of ``n`` lines the seeds add up to ``n + 1`` (1 v n, 2 v n−1, …)
    and each half repeats the pattern, so seeds 1 and 2 can only meet in the final, 1–4 in the semi-finals, …
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return tuple(order)


def bye_lines(size: int, byes: int) -> list[int]:
    """Draw lines that hold a bye: the opponents of seeds 1 … ``byes`` in the standard order.

    Seeds ``size − byes + 1 … size`` are replaced by byes, so every bye faces a real pair (byes < size / 2) and the
    byes fall evenly over halves and quarters exactly as the top seeds do.
    """
    first_bye_seed = size - byes + 1
    return [line for line, seed in enumerate(seeding_order(size)) if seed >= first_bye_seed]
