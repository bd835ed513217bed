"""A play :class:`~bot.ruleset.judge.Verdict` as localized text (``describe``) and as the CLI's JSON object.

How joker abbreviations were read (``abbreviations_text``)."""

from __future__ import annotations

from typing import Any

from bot.errors import GuandanError
from bot.i18n import Language, t
from bot.ruleset.cards import AbbreviationReading, Card, Rank, Suit, format_cards
from bot.ruleset.compare import reading_beats
from bot.ruleset.judge import JudgedCards, Verdict
from bot.ruleset.plays import Reading

_JOKER_KEYS = {Rank.SMALL_JOKER: "plays.rank.small_joker", Rank.BIG_JOKER: "plays.rank.big_joker"}


def rank_text(rank: Rank, lang: Language | str) -> str:
    key = _JOKER_KEYS.get(rank)
    return t(key, lang) if key else rank.label


def reading_text(reading: Reading, lang: Language | str) -> str:
    return t(f"plays.reading.{reading.type.value}", lang, rank=rank_text(reading.rank, lang), size=reading.size)


def error_text(error: GuandanError, lang: Language | str) -> str:
    return t(error.key, lang, **error.params)


def judged_text(judged: JudgedCards, lang: Language | str) -> str:
    cards = format_cards(judged.cards)
    if judged.refusal is not None or not judged.readings:
        # "not a play" is said once: the line goes on with why, or (no particular reason) with what a play is.
        refusal = judged.refusal
        generic = refusal is None or refusal.key == "plays.not_a_play"
        reason = t("plays.what_plays_are", lang) if generic or refusal is None else error_text(refusal, lang)
        return t("plays.verdict.no_play", lang, cards=cards, reason=reason)
    if len(judged.readings) == 1:
        return t("plays.verdict.one", lang, cards=cards, reading=reading_text(judged.readings[0], lang))
    listed = t("plays.verdict.separator", lang).join(reading_text(reading, lang) for reading in judged.readings)
    return t("plays.verdict.many", lang, cards=cards, count=len(judged.readings), readings=listed)


def describe(verdict: Verdict, lang: Language | str) -> str:
    """The verdict in ``lang``: the level, what the cards are, and whether they beat the other cards."""
    lines = [
        t("plays.verdict.level", lang, level=verdict.level.label, wild=str(Card(verdict.level, Suit.HEARTS))),
        judged_text(verdict.play, lang),
    ]
    against = verdict.against
    if against is not None:
        lines.append(judged_text(against, lang))
        lines.append(_beats_text(verdict.play, against, bool(verdict.beats), verdict.level, lang))
    return "\n".join(lines)


def _beats_text(play: JudgedCards, against: JudgedCards, beats: bool, level: Rank, lang: Language | str) -> str:
    if not play.readings:
        return t("plays.verdict.play_is_no_play", lang)
    if not against.readings:
        return t("plays.verdict.against_is_no_play", lang)
    target = against.readings[0]
    if beats:
        winner = next(reading for reading in play.readings if reading_beats(reading, target, level))
        return t("plays.verdict.beats", lang, play=reading_text(winner, lang), against=reading_text(target, lang))
    return t("plays.verdict.does_not_beat", lang, play=reading_text(play.readings[0], lang),
             against=reading_text(target, lang))


def card_text(card: Card, lang: Language | str) -> str:
    return rank_text(card.rank, lang) if card.is_joker else str(card)


def abbreviations_text(readings: tuple[AbbreviationReading, ...], lang: Language | str) -> str | None:
    """``Read BJ as small joker, RJ as big joker.`` and what to write for the other meaning.

    ``None`` when the request had no abbreviation."""
    if not readings:
        return None
    shown = t("plays.abbreviation.separator", lang).join(
        t("plays.abbreviation.reading", lang, typed=reading.typed, card=card_text(reading.card, lang))
        for reading in readings)
    lines = [t("plays.abbreviation.line", lang, readings=shown)]
    meant = {reading.typed: reading.card for reading in readings}
    if meant.get("SJ") is not None and meant["SJ"].is_joker:
        lines.append(t("plays.abbreviation.big_small", lang))
    else:
        if "BJ" in meant:
            lines.append(t("plays.abbreviation.black_joker", lang))
        if "SJ" in meant:
            lines.append(t("plays.abbreviation.spade_jack", lang))
    return "".join(lines)


def verdict_json(verdict: Verdict, lang: Language | str) -> dict[str, Any]:
    """A verdict as the JSON of ``python -m bot play --json`` (a public contract).

    ``{"valid": true, "readings": [{"type": …, "rank": …}, …]}`` or ``{"valid": false, "reason": …}``,
    plus ``"beats"`` when the verdict compares (the public contract of ``python -m bot play --json``)."""
    play = verdict.play
    result: dict[str, Any]
    if play.readings:
        result = {
            "valid": True,
            "readings": [{"type": reading.type.value, "rank": reading.rank.label} for reading in play.readings],
        }
    else:
        reason = error_text(play.refusal, lang) if play.refusal is not None else t("plays.not_a_play", lang)
        result = {"valid": False, "reason": reason}
    if verdict.against is not None:
        result["beats"] = bool(verdict.beats)
    return result
