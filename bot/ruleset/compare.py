"""Which play beats which (牌型的大小).

Rule (rule collection 001 二; Hefei rules 004 第二十一条, 第二十二条): four jokers > bombs of six or more cards >
straight flush > five-card bomb > four-card bomb > every other type. Bombs compare by number of cards, then by
rank (level cards above A); straight flushes by their top card. Any other play beats only a play of the same
type, hence of the same number of cards, with a higher deciding card.

With wild cards one set of cards can have several readings: A beats B when some reading of A beats the
strongest reading of B (:func:`bot.ruleset.plays.strength` defines "strongest").
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ruleset.cards import Card, Rank
from bot.ruleset.plays import Reading, readings, strength
from bot.ruleset.refusals import refusal
from bot.ruleset.variants import DEFAULT_VARIANT, RuleVariant


def reading_beats(attack: Reading, defence: Reading, level: Rank) -> bool:
    """Whether the play read as ``attack`` may be played over ``defence`` at ``level``."""
    attack_key, defence_key = strength(attack, level), strength(defence, level)
    if attack_key[0] or defence_key[0]:  # a bomb is involved: the bomb ladder decides
        return attack_key[:3] > defence_key[:3]
    return attack.type is defence.type and attack_key[2] > defence_key[2]


def readings_beat(attack: Sequence[Reading], defence: Sequence[Reading], level: Rank) -> bool:
    """Some reading of ``attack`` beats the strongest (first) reading of ``defence``; False if either is empty."""
    if not attack or not defence:
        return False
    strongest = defence[0]
    return any(reading_beats(reading, strongest, level) for reading in attack)


def beats(
    attack: Sequence[Card], defence: Sequence[Card], level: Rank, variant: RuleVariant = DEFAULT_VARIANT
) -> bool:
    """Whether the cards ``attack`` may be played over the cards ``defence`` at ``level``.

    Raises the :class:`~bot.ruleset.refusals.NotAPlayError` that explains why, when either set is no play.
    """
    attack_readings = readings(attack, level, variant)
    if not attack_readings:
        raise refusal(attack, level, variant)
    defence_readings = readings(defence, level, variant)
    if not defence_readings:
        raise refusal(defence, level, variant)
    return readings_beat(attack_readings, defence_readings, level)
