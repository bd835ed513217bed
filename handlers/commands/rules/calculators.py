"""The calculators in chat: ``/levelup`` (升级), ``/tribute`` (进贡) and ``/score`` (计分).

They apply the pure rules (:mod:`bot.ruleset.levels`, :mod:`bot.ruleset.tribute`, :mod:`bot.ruleset.scoring`)
under the chat tournament's rule choices, or the defaults in a chat without one. ``/score`` with two levels is
the score calculator; with a table first (``/score 3 K A+``) it is still the old alias of ``/result``.
"""

from __future__ import annotations

from bot.errors import CardError, RuleError
from bot.presenters.calculators import levelup_text, score_text, tribute_text
from bot.ruleset.deal_request import parse_deal_request
from bot.ruleset.scoring import MatchLevel
from bot.ruleset.variants import DEFAULT_VARIANT, RuleVariant
from bot.services.tournament.views import chat_rule_variant
from handlers.arguments import MissingArgument
from handlers.commands.results.results import result_command
from handlers.invocation import Invocation
from handlers.registry import GroupsOnly

SCORE_CALCULATOR_WORDS = 2
"""``/score <left> <right>``; any longer ``/score`` is ``/result <table> …`` (its alias before the calculator)."""


async def _variant(call: Invocation) -> tuple[RuleVariant, bool]:
    variant = await chat_rule_variant(call.services, call.caller.chat_id)
    return (DEFAULT_VARIANT, False) if variant is None else (variant, True)


async def _refuse(call: Invocation, error: CardError | RuleError) -> None:
    # Unreadable seats, cards or levels: the reason, then the usage with its examples (the error handler adds the
    # usage only to usage errors).
    await call.reply(call.text(error.key, **error.params) + "\n" + call.text(call.spec.usage_key))


async def levelup_command(call: Invocation) -> None:
    if not call.args:
        raise MissingArgument()
    try:
        request = parse_deal_request(call.args)
    except (CardError, RuleError) as error:
        await _refuse(call, error)
        return
    variant, from_tournament = await _variant(call)
    await call.reply(levelup_text(request, variant, call.language, from_tournament=from_tournament))


async def tribute_command(call: Invocation) -> None:
    if not call.args:
        raise MissingArgument()
    variant, from_tournament = await _variant(call)
    try:
        request = parse_deal_request(call.args, hands=True, seats_needed=True)
        text = tribute_text(request, variant, call.language, from_tournament=from_tournament)
    except (CardError, RuleError) as error:
        await _refuse(call, error)
        return
    await call.reply(text)


async def score_command(call: Invocation) -> None:
    if len(call.args) > SCORE_CALCULATOR_WORDS:
        if not call.caller.chat_kind.is_group:
            raise GroupsOnly()
        await result_command(call)
        return
    if len(call.args) < SCORE_CALCULATOR_WORDS:
        raise MissingArgument()
    try:
        left, right = (MatchLevel.parse(word) for word in call.args)
    except RuleError as error:
        await _refuse(call, error)
        return
    variant, from_tournament = await _variant(call)
    await call.reply(score_text(left, right, variant, call.language, from_tournament=from_tournament))
