"""``/schedule`` (the timetable) and ``/here`` (check-in).

* ``/schedule`` — the timetable; ``/schedule <round> <YYYY-MM-DD> <HH:MM> [UTC offset]`` — organisers: when the
  round starts, in the tournament's time zone (the offset only to pick one reading of a time the clocks show
  twice); ``/schedule <round> off`` — remove it. The round may be named (``决赛``, ``半决赛``, ``final``), the date
  said (``明天``, ``12-03``) or left out (``19:30``: today, or tomorrow once past): see
  :func:`~bot.match_clock.local_time.read_start_words`.
* ``/here`` — a player's pair is at its table; ``/here <table> left|right`` — a referee checks a pair in.
"""

from __future__ import annotations

from bot.errors import UsageError
from bot.match_clock.local_time import read_start_words
from bot.presenters.match_clock import scheduled_text, timetable_text
from bot.ruleset.scoring import Side
from bot.services.match_clock.board import BoardTournament
from bot.services.match_clock.checkin import check_in
from bot.services.match_clock.timetable import chat_timetable, schedule_round, schedule_target, unschedule_round
from bot.services.roles import Role
from handlers.arguments import MissingArgument, at_most
from handlers.invocation import Invocation

OFF_WORDS = frozenset({"off", "none", "remove", "cancel", "取消", "删除", "关"})
SIDE_WORDS = {"left": Side.LEFT, "l": Side.LEFT, "左": Side.LEFT, "right": Side.RIGHT, "r": Side.RIGHT,
              "右": Side.RIGHT}


class BadRound(UsageError):
    key = "schedule.bad_round"


class BadTable(UsageError):
    key = "schedule.bad_table"


class BadSide(UsageError):
    key = "schedule.bad_side"


class RoundsNotKnownYet(UsageError):
    key = "schedule.rounds_not_known"


ROUNDS_FROM_THE_END: dict[str, int] = {
    "决赛": 0, "总决赛": 0, "final": 0, "半决赛": 1, "semifinal": 1, "semi-final": 1, "semifinals": 1,
    "semi-finals": 1, "semi": 1, "四分之一决赛": 2, "quarterfinal": 2, "quarter-final": 2, "quarterfinals": 2,
    "quarter-finals": 2,
}  # fmt: skip
"""Rounds named by how far they are from the last (the final): ``决赛`` is the last round, ``半决赛`` the one before."""


def parse_round(text: str) -> int | str:
    """A round's number, or the name of a round counted from the end.

    A round's number (``2``, ``r2``, ``#2``, ``第2轮``), or the name of a round counted from the end (``决赛``),
    returned as typed for :func:`resolve_round`."""
    word = text.strip().casefold()
    if word in ROUNDS_FROM_THE_END:
        return word
    digits = word.removeprefix("#").removeprefix("r").removeprefix("第").removesuffix("轮")
    if not digits.isascii() or not digits.isdigit() or len(digits) > 3:
        raise BadRound(value=text)
    return int(digits)


def resolve_round(round_: int | str, tournament: BoardTournament) -> int:
    """A named round's number once the draw has fixed how many rounds there are."""
    if isinstance(round_, int):
        return round_
    if tournament.rounds is None:
        raise RoundsNotKnownYet(value=round_)
    return max(1, tournament.rounds - ROUNDS_FROM_THE_END[round_])


async def schedule_command(call: Invocation) -> None:
    args = at_most(call.args, 4)
    services = call.services
    if not args:
        table = await chat_timetable(services, call.caller)
        await call.reply(timetable_text(table, call.language))
        return
    # Refused before the arguments are read; the service decides again in its transaction.
    await services.roles.require(call.caller, Role.ORGANISER)
    named = parse_round(args[0])
    tournament = await schedule_target(services, call.caller)
    round_number = resolve_round(named, tournament)
    if len(args) == 2 and args[1].lower() in OFF_WORDS:
        _, changes = await unschedule_round(services, call.caller, round_number)
        call.timers.apply(changes)
        await call.reply(call.text("schedule.removed", round=round_number))
        return
    starts_at = read_start_words(args[1:], tournament.zone, services.clock())
    scheduled = await schedule_round(services, call.caller, round_number, starts_at)
    call.timers.apply(scheduled.changes)
    await call.reply(scheduled_text(scheduled.tournament, round_number, scheduled.start.starts_at,
                                    scheduled.announcements, call.language))


async def here_command(call: Invocation) -> None:
    args = at_most(call.args, 2)
    services = call.services
    table_number = side = None
    if args:
        if len(args) < 2:
            raise MissingArgument()
        await services.roles.require(call.caller, Role.REFEREE)  # early; decided again in the transaction
        if not args[0].isascii() or not args[0].isdigit() or len(args[0]) > 4:
            raise BadTable(value=args[0])
        table_number = int(args[0])
        side = SIDE_WORDS.get(args[1].lower())
        if side is None:
            raise BadSide(value=args[1])
    checked = await check_in(services, call.caller, table_number=table_number, side=side)
    key = "schedule.here.done" if checked.first else "schedule.here.already"
    await call.reply(call.text(key, pair=checked.pair, table=checked.table, round=checked.round,
                               side=call.text(f"schedule.side.{checked.side.value}")))
