"""One line per rule section saying what *this* tournament chose where the rule documents differ.

``note(section_id, variant, lang)`` is appended to a rule answer when the caller knows the tournament (the chat's
``/rule`` in a group with a tournament); sections without a local choice get ``None``.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import Language, t
from bot.ruleset.scoring import walkover_points
from bot.ruleset.variants import RuleVariant, TieBreak


def _a_rule(variant: RuleVariant, lang: Language) -> str:
    return t(
        "variants.a_rule",
        lang,
        limit=variant.a_failure_limit,
        outcome=t(f"variants.a_failure_outcome.{variant.a_failure_outcome.value}", lang),
        a_pass=t(f"variants.a_pass.{variant.a_pass.value}", lang),
    )


def _tribute(variant: RuleVariant, lang: Language) -> str:
    if not variant.tribute:
        return t("variants.no_tribute", lang)
    return t(
        "variants.tribute",
        lang,
        max_return=variant.max_return_rank.label,
        double_down=t(f"variants.double_down_tribute.{variant.double_down_tribute.value}", lang),
        equal=t(f"variants.equal_tributes.{variant.equal_tributes.value}", lang),
    )


def _anti_tribute(variant: RuleVariant, lang: Language) -> str | None:
    return None if variant.tribute else t("variants.no_tribute", lang)


def _scoring(variant: RuleVariant, lang: Language) -> str:
    scale = t(f"variants.scoring.{variant.scoring.value}", lang)
    return t("variants.scoring_line", lang, scale=scale, walkover=walkover_points(variant))


def _forfeits(variant: RuleVariant, lang: Language) -> str:
    return t("variants.walkover", lang, walkover=walkover_points(variant))


def _time_limit(variant: RuleVariant, lang: Language, minutes: int | None = None) -> str:
    tie_break = t("variants.tie_break_line", lang, rule=t(f"variants.tie_break.{variant.tie_break.value}", lang))
    if minutes is None:
        return tie_break
    return f"{t('rule_parts.time_limit_line', lang, minutes=minutes)}\n{tie_break}"


_NOTES: dict[str, Callable[[RuleVariant, Language], str | None]] = {
    "a_rule": _a_rule,
    "tribute": _tribute,
    "who_leads": _tribute,
    "anti_tribute": _anti_tribute,
    "scoring": _scoring,
    "ranking": _scoring,  # what a win is worth here is this tournament's scale
    "forfeits": _forfeits,
    "time_limit": _time_limit,
}


def chosen_note(section_id: str, variant: RuleVariant) -> bool:
    """Whether the section's note states a rule the organiser set rather than a default.

    The time-limit sections under a deciding rule for equal levels (``/set equal_levels first|leading|last_deal``),
    the tribute sections without tribute (``/set tribute off``), the forfeits section with walkover points set
    (``/set walkover 10``)."""
    if section_id in ("tribute", "anti_tribute", "who_leads"):
        return not variant.tribute  # /set tribute off: an organiser's choice, the default plays with tribute
    if section_id == "forfeits":
        return variant.walkover_points is not None  # /set walkover: the scale's default is no one's choice
    return section_id in ("time_limit", "match_formats") and variant.tie_break is not TieBreak.DRAW


UNTIMED = 0
"""The ``time_limit`` of a tournament played without one (``/set time_limit off``): a match lasts until a pair passes
A, which the time-limit sections then say (no time limit is shorter than 5 minutes, so 0 is no one's setting)."""


def note(section_id: str, variant: RuleVariant, lang: Language, *, time_limit: int | None = None) -> str | None:
    """This tournament's choice for the section, or ``None`` when the section has no local variant.

    ``time_limit``: the tournament's minutes per match (its setting; :data:`UNTIMED` for none), said on the time-limit
    sections."""
    if section_id in ("time_limit", "match_formats") and time_limit == UNTIMED:
        return t("rule_parts.untimed_line", lang)
    if section_id in ("time_limit", "match_formats") and time_limit is not None:
        return _time_limit(variant, lang, time_limit)
    make = _NOTES.get(section_id)
    return make(variant, lang) if make else None
