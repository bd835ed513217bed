"""The order a points stage's standings use, in words.

``/standings``, the standings picture's notes, the printed booklet and standings sheet.

The order is :func:`bot.tournament.ranking.ranking_order` of the tournament's rules: the organiser's ``/set tiebreak``
or the scale's own (3-2-1: the national rules' order, NOTES-EVENTS.md; the other scales: seed 002 篇1).
"""

from __future__ import annotations

import re

from bot.i18n import Language, t
from bot.ruleset.variants import RankingCriterion, RuleVariant, ScoringScale
from bot.tournament.ranking import ranking_order

_MARKUP = re.compile(r"</?b>")


def standings_order_text(variant: RuleVariant, lang: Language, *, swiss: bool, plain: bool = False) -> str:
    """One sentence: each criterion of the order with what it counts, points first, the lot last (``plain``:
    without the chat's bold marks, for a picture)."""
    steps = []
    for criterion in ranking_order(variant, swiss=swiss):
        key = criterion.value
        if criterion is RankingCriterion.HEAD_TO_HEAD and variant.scoring is ScoringScale.MATCH_POINTS:
            key = "head_to_head_two"
        steps.append(t(f"points.order.{key}", lang))
    sentence = t("points.order.sentence", lang, steps=t("points.order.separator", lang).join(steps))
    return _MARKUP.sub("", sentence) if plain else sentence
