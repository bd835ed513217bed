"""Running tournaments through the service functions (the handler tests drive the same through Telegram)."""

from __future__ import annotations

import random

from bot.ruleset.scoring import MatchLevel, Side
from bot.services import Services
from bot.services.caller import Caller
from bot.services.tournament.results import TableRef, confirm_result, record_result
from bot.services.tournament.setup import create_tournament
from bot.services.tournament.signup import SignUpRequest, sign_up
from bot.services.tournament.state import TournamentState, read_state
from bot.tournament.matches import Match
from bot.tournament.outcome import Outcome
from tests.services.conftest import GROUP, player

LEVELS = [MatchLevel.parse(text) for text in ("2", "7", "10", "J", "K", "A", "A+")]


async def singles_tournament(services: Services, admin: Caller, people: int, name: str = "周五杯") -> list[Caller]:
    """A pairs-mode tournament in which ``people`` players signed up alone (paired by lot at the draw)."""
    await create_tournament(services, admin, name)
    callers = [player(number) for number in range(1, people + 1)]
    for caller in callers:
        await sign_up(services, caller, SignUpRequest())
    return callers


def caller_of_key(key: str, chat_id: int = GROUP) -> Caller:
    """The caller behind a person key ``tg:<id>`` made by :func:`tests.services.conftest.player`."""
    number = int(key.removeprefix("tg:")) - 1000
    caller = player(number)
    return Caller(chat_id, caller.chat_kind, caller.person)


def seat(match: Match, side: Side, index: int = 0) -> Caller:
    team = match.team(side)
    assert team is not None
    return caller_of_key(team.members[index])


def random_outcome(rng: random.Random) -> Outcome:
    """A result a match without a time limit can end with: the winner passed A, the loser did not."""
    loser, passed = rng.choice(LEVELS[:-1]), LEVELS[-1]
    return Outcome.played(passed, loser) if rng.random() < 0.5 else Outcome.played(loser, passed)


async def state_of(services: Services) -> TournamentState:
    return await read_state(services, GROUP)


async def play_round(services: Services, rng: random.Random) -> None:
    """Every open table of the current round: the left pair reports, the right pair confirms."""
    state = await state_of(services)
    bracket = state.require_bracket()
    for match in bracket.playable():
        assert match.table is not None
        await record_result(services, seat(match, Side.LEFT), TableRef(match.table), random_outcome(rng))
        await confirm_result(services, seat(match, Side.RIGHT, 1), TableRef(match.table))


async def play_to_the_end(services: Services, rng: random.Random) -> TournamentState:
    for _ in range(20):
        state = await state_of(services)
        if state.require_bracket().finished:
            return state
        await play_round(services, rng)
    raise AssertionError("the tournament did not finish")
