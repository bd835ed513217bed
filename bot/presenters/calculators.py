"""Replies of the calculators in chat: ``/levelup``, ``/tribute`` and ``/score`` (neutral markup).

Each reply states the result and the rule it follows, under the chat tournament's rule choices when there is one
(``from_tournament``) and the documented defaults otherwise; the pure rules are :mod:`bot.ruleset.levels`,
:mod:`bot.ruleset.tribute`, :mod:`bot.ruleset.seats` and :mod:`bot.ruleset.scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Language, t
from bot.richtext import escape
from bot.ruleset.cards import Card, Rank
from bot.ruleset.deal_request import DealRequest
from bot.ruleset.levels import passes_a, raise_level
from bot.ruleset.scoring import MatchLevel, Side, score_match
from bot.ruleset.seats import FinishingOrder, Pair, Seat
from bot.ruleset.tribute import TributeKind, TributePlan, plan_tribute
from bot.ruleset.variants import DoubleDownTribute, EqualTributes, RuleVariant, ScoringScale

DEFAULT_TRIBUTE_LEVEL = Rank.TWO
"""The new deal's level when ``/tribute`` names none (which card is the level card decides the highest card)."""
_PLACE_KEYS = ("first", "second", "third", "last")


def _t(key: str, lang: Language, **params: Any) -> str:
    return escape(t(f"calculators.{key}", lang, **params))


def seat_name(seat: Seat, lang: Language) -> str:
    return t(f"calculators.seat.{seat.value}", lang)


def pair_name(pair: Pair, lang: Language) -> str:
    return t(f"calculators.pair.{pair.value}", lang)


def _side_name(request: DealRequest, pair: Pair, lang: Language) -> str:
    """A pair as the reply names it: 南北/东西, or we/they when the order was given as our places."""
    if request.by_places:
        return t("calculators.we" if pair is Pair.NORTH_SOUTH else "calculators.they", lang)
    return pair_name(pair, lang)


def _order_line(request: DealRequest, lang: Language) -> str:
    order = request.order
    if request.our_places is not None:
        theirs = sorted({1, 2, 3, 4} - set(request.our_places))
        separator = t("calculators.places_separator", lang)
        return _t("order_places", lang, ours=separator.join(map(str, request.our_places)),
                  theirs=separator.join(map(str, theirs)))
    items = [t("calculators.order_item", lang, seat=seat_name(seat, lang), place=t(f"calculators.place.{key}", lang))
             for seat, key in zip(order.seats, _PLACE_KEYS, strict=True)]
    return _t("order_seats", lang, places=" · ".join(items))


def _variant_note(from_tournament: bool, lang: Language) -> str:
    return _t("tournament_rules" if from_tournament else "default_rules", lang)


def levelup_text(request: DealRequest, variant: RuleVariant, lang: Language, *, from_tournament: bool) -> str:
    """Who wins the deal, how many levels, from which level to which (given one), the A rule at A, and the rule."""
    order = request.order
    winners = order.winners
    lines = [f"<b>{_t('levelup_title', lang)}</b>", _order_line(request, lang)]
    reason = t(f"calculators.partner_place.{order.partner_place}", lang)
    lines.append(_t("levelup_result", lang, winners=_side_name(request, winners, lang), levels=order.levels_gained,
                    reason=reason, losers=_side_name(request, winners.other, lang)))
    level = request.level
    if level is not None and level is Rank.ACE:
        rule = t(f"variants.a_pass.{variant.a_pass.value}", lang)
        if passes_a(order, variant.a_pass):
            lines.append(_t("at_a_passed", lang, rule=rule))
        else:
            outcome = t(f"variants.a_failure_outcome.{variant.a_failure_outcome.value}", lang)
            lines.append(_t("at_a_failed", lang, rule=rule, limit=variant.a_failure_limit, outcome=outcome))
    elif level is not None:
        after = raise_level(level, order.levels_gained)
        capped = int(level) + order.levels_gained > int(Rank.ACE)
        lines.append(_t("level_from_to", lang, before=level.label, after=after.label,
                        capped=t("calculators.capped_at_a", lang) if capped else ""))
    lines.append(_t("levelup_rule", lang))
    lines.append(_variant_note(from_tournament, lang))
    return "\n".join(lines)


def _cards(cards: Sequence[Card], lang: Language) -> str:
    return t("calculators.or", lang).join(str(card) for card in cards)


def _generic_tribute(order: FinishingOrder, variant: RuleVariant, lang: Language) -> list[str]:
    names = {key: seat_name(seat, lang) for key, seat in zip(_PLACE_KEYS, order.seats, strict=True)}
    names["next"] = seat_name(order.first.next, lang)
    names["max_return"] = variant.max_return_rank.label
    if not order.is_double_down:
        return [_t("tribute_single", lang, **names)]
    if variant.double_down_tribute is DoubleDownTribute.BY_PLACE:
        return [_t("tribute_double_by_place", lang, **names)]
    equal_key = "equal_next" if variant.equal_tributes is EqualTributes.NEXT_PLAYER_TO_FIRST else "equal_last"
    equal = t(f"calculators.{equal_key}", lang, **names)
    return [_t("tribute_double_larger", lang, equal=equal, **names)]


def _anti_rule(order: FinishingOrder, lang: Language) -> str:
    if order.is_double_down:
        payers = t("calculators.two_payers", lang, third=seat_name(order.third, lang), last=seat_name(order.last, lang))
    else:
        payers = seat_name(order.last, lang)
    return _t("anti_rule", lang, payers=payers, first=seat_name(order.first, lang))


def _planned(plan: TributePlan, hands: Mapping[Seat, Sequence[Card]], variant: RuleVariant,
             lang: Language) -> list[str]:
    if plan.kind is TributeKind.ANTI:
        holders = t("calculators.and", lang).join(seat_name(seat, lang) for seat in plan.big_joker_holders)
        return [_t("anti_applies", lang, holders=holders, leader=seat_name(plan.leader, lang))]
    lines = []
    for tribute in plan.tributes:
        payer, receiver = seat_name(tribute.payer, lang), seat_name(tribute.receiver, lang)
        lines.append(_t("pays", lang, payer=payer, receiver=receiver, cards=_cards(tribute.choices, lang)))
        if hands.get(tribute.receiver) and tribute.returns:
            lines.append(_t("returns_cards", lang, payer=payer, receiver=receiver,
                            cards=_cards(tribute.returns, lang)))
        else:
            lines.append(_t("returns_any", lang, payer=payer, receiver=receiver,
                            max_return=variant.max_return_rank.label))
    lines.append(_t("leads", lang, leader=seat_name(plan.leader, lang)))
    return lines


def tribute_text(request: DealRequest, variant: RuleVariant, lang: Language, *, from_tournament: bool) -> str:
    """Who pays whom, anti-tribute, what may be returned and who leads the next deal.

    With the payers' hands, the very cards."""
    order = request.order
    lines = [f"<b>{_t('tribute_title', lang)}</b>", _order_line(request, lang)]
    if not variant.tribute:
        lines.append(_t("no_tribute", lang, first=seat_name(order.first, lang)))
        lines.append(_variant_note(from_tournament, lang))
        return "\n".join(lines)
    payers = (order.third, order.last) if order.is_double_down else (order.last,)
    hands = request.hands
    if all(seat in hands for seat in payers):
        level = request.level or DEFAULT_TRIBUTE_LEVEL
        filled = {seat: hands.get(seat, ()) for seat in Seat}
        lines.extend(_planned(plan_tribute(order, filled, level, variant), hands, variant, lang))
        if request.level is None:
            lines.append(_t("level_assumed", lang))
    else:
        lines.extend(_generic_tribute(order, variant, lang))
        lines.append(_anti_rule(order, lang))
        lines.append(_t("hands_hint", lang))
    lines.append(_variant_note(from_tournament, lang))
    return "\n".join(lines)


def score_text(left: MatchLevel, right: MatchLevel, variant: RuleVariant, lang: Language, *,
               from_tournament: bool) -> str:
    """The match score of two final levels on the tournament's scale (26 without a tournament), with the rule."""
    scale = t(f"variants.scoring.{variant.scoring.value}", lang)
    lines = [f"<b>{_t('score_title', lang)}</b>"]
    difference = abs(left.value - right.value)
    if left.value == right.value:
        tie_break = t(f"variants.tie_break.{variant.tie_break.value}", lang)
        score = score_match(left, right, variant, Side.LEFT)
        if variant.scoring is ScoringScale.WIN_LOSS:
            lines.append(_t("score_equal_winloss", lang, level=str(left), tie_break=tie_break))
        elif variant.scoring is ScoringScale.MATCH_POINTS:
            lines.append(_t("score_equal_match_points", lang, scale=scale, level=str(left), tie_break=tie_break))
        else:
            lines.append(_t("score_equal", lang, scale=scale, level=str(left), points=score.left_points,
                            tie_break=tie_break))
    else:
        score = score_match(left, right, variant)
        winner = t(f"calculators.side.{score.winner.value}", lang)
        if variant.scoring is ScoringScale.MATCH_POINTS:
            lines.append(_t("score_line_match_points", lang, scale=scale, left=str(left), right=str(right),
                            left_points=score.left_points, right_points=score.right_points, winner=winner))
        else:
            lines.append(_t("score_line", lang, scale=scale, left=str(left), right=str(right),
                            left_value=left.value, right_value=right.value, difference=difference,
                            left_points=score.left_points, right_points=score.right_points, winner=winner))
    lines.append(_t("score_values", lang))
    if variant.scoring is ScoringScale.SCALE_28:
        lines.append(_t("score_28_note", lang))
    lines.append(_t("score_tournament" if from_tournament else "score_default", lang))
    return "\n".join(lines)
