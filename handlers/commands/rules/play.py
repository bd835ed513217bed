"""``/play [打L|level=L] <cards> [vs <cards>]``: what the cards are, or whether they beat the other cards."""

from __future__ import annotations

from bot.errors import CardError, RuleError
from bot.presenters.plays import abbreviations_text, describe
from bot.ruleset.judge import judge
from bot.ruleset.play_request import parse_play_request
from handlers.invocation import Invocation


async def play_command(call: Invocation) -> None:
    try:
        request = parse_play_request(call.args)
        verdict = judge(request.cards, request.level, request.against)
    except (CardError, RuleError) as error:
        # Unreadable cards or level: the reason, then the usage with its examples (the error handler adds the
        # usage only to usage errors, which it answers itself).
        await call.reply(call.text(error.key, **error.params) + "\n" + call.text(call.spec.usage_key))
        return
    text = describe(verdict, call.language)
    read = abbreviations_text(request.abbreviations, call.language)
    if read is not None:
        text += "\n" + read
    if not request.level_given:
        text += "\n" + call.text("play_request.default_level")
    await call.reply(text)
