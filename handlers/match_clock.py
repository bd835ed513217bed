"""``/schedule`` (the timetable) and ``/here`` (check-in).

* ``/schedule`` — the timetable; ``/schedule <round> <YYYY-MM-DD> <HH:MM> [UTC offset]`` — organisers: when the
  round starts, in the tournament's time zone (the offset only to pick one reading of a time the clocks show
  twice); ``/schedule <round> off`` — remove it.
* ``/here`` — a player's pair is at its table; ``/here <table> left|right`` — a referee checks a pair in.
"""

from __future__ import annotations

from bot.errors import UsageError
from bot.match_clock.local_time import read_start
from bot.presenters.match_clock import scheduled_text, timetable_text
from bot.ruleset.scoring import Side
from bot.services.match_clock.checkin import check_in
from bot.services.match_clock.timetable import chat_timetable, schedule_round, tournament_zone, unschedule_round
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


def parse_round(text: str) -> int:
    digits = text.removeprefix("#").lower().removeprefix("r")
    if not digits.isascii() or not digits.isdigit() or len(digits) > 3:
        raise BadRound(value=text)
    return int(digits)


async def schedule_command(call: Invocation) -> None:
    args = at_most(call.args, 4)
    services = call.services
    if not args:
        table = await chat_timetable(services, call.caller)
        await call.reply(timetable_text(table, call.language))
        return
    # Refused before the arguments are read; the service decides again in its transaction.
    await services.roles.require(call.caller, Role.ORGANISER)
    round_number = parse_round(args[0])
    if len(args) == 2 and args[1].lower() in OFF_WORDS:
        _, changes = await unschedule_round(services, call.caller, round_number)
        call.timers.apply(changes)
        await call.reply(call.text("schedule.removed", round=round_number))
        return
    if len(args) < 3:
        raise MissingArgument()
    zone = await tournament_zone(services, call.caller)
    starts_at = read_start(args[1], args[2], zone, args[3] if len(args) == 4 else None, now=services.clock())
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
