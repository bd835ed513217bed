"""The match clock's texts: announcements, the timetable, check-in answers (HTML, in a chat's language)."""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from bot.i18n import Language, command_text, t
from bot.match_clock.announcement import Announcement, AnnouncementState
from bot.match_clock.local_time import clock_text, local_text
from bot.match_clock.plan import LIMIT_WARNING, AnnouncementKind
from bot.richtext import escape
from bot.services.match_clock.announcements import AnnouncementFacts
from bot.services.match_clock.board import BoardTournament
from bot.services.match_clock.timetable import DeferredRound, Timetable


def minutes(span: timedelta) -> int:
    return int(span.total_seconds() // 60)


def _header(facts: AnnouncementFacts, lang: Language) -> str:
    return t("schedule.announce.header", lang, name=escape(facts.tournament.name),
             round=facts.round)


def minutes_left(facts: AnnouncementFacts) -> int:
    """Whole minutes left to the start when the text is written, rounded up.

    Whole minutes from when the text is written (a late one: after its due time) to the start, rounded up: a
    reminder due at 11:37 for 11:39 but sent at 11:38 says one minute, not two."""
    written = max(facts.due, facts.written_at) if facts.written_at is not None else facts.due
    return max(math.ceil((facts.starts_at - written).total_seconds() / 60), 0)


def _reminder(facts: AnnouncementFacts, lang: Language) -> list[str]:
    zone = facts.tournament.zone
    lines = [t("schedule.announce.reminder", lang, time=clock_text(facts.starts_at, zone), zone=zone.key,
               minutes=minutes_left(facts))]
    if facts.posting is not None:
        lines += ["", facts.posting]
    elif facts.round == 1:
        lines.append(t("schedule.announce.tables_after_draw", lang))
    else:
        lines.append(t("schedule.announce.tables_later", lang, previous=facts.round - 1))
    if facts.tournament.checkin_grace is not None:
        lines += ["", t("schedule.announce.checkin_open", lang, grace=minutes(facts.tournament.checkin_grace))]
    return lines


def _start(facts: AnnouncementFacts, lang: Language) -> list[str]:
    limit = facts.tournament.time_limit
    if limit is None:
        return [t("schedule.announce.start", lang)]
    end = clock_text(facts.starts_at + limit, facts.tournament.zone)
    return [t("schedule.announce.start_with_limit", lang, limit=minutes(limit), end=end)]


def _warning(facts: AnnouncementFacts, lang: Language) -> list[str]:
    limit = facts.tournament.time_limit or LIMIT_WARNING
    end = clock_text(facts.starts_at + limit, facts.tournament.zone)
    return [t("schedule.announce.warning", lang, minutes=minutes(LIMIT_WARNING), end=end)]


def _time_up(facts: AnnouncementFacts, lang: Language) -> list[str]:
    return [t("schedule.announce.time_up", lang),
            t(f"schedule.tie_break.{facts.tournament.tie_break.value}", lang)]


def _checkin(facts: AnnouncementFacts, lang: Language) -> list[str]:
    grace = minutes(facts.due - facts.starts_at)
    if facts.missing is None:
        return [t("schedule.announce.checkin_unknown_tables", lang, grace=grace)]
    if not facts.missing:
        return [t("schedule.announce.checkin_all_present", lang, grace=grace)]
    lines = [t("schedule.announce.checkin_missing", lang, grace=grace, count=len(facts.missing))]
    for entry in facts.missing:
        names = [entry.table.left.name if side.value == "left" else entry.table.right.name for side in entry.sides]
        sides = "both" if len(entry.sides) == 2 else entry.sides[0].value
        lines.append(t("schedule.announce.checkin_table", lang, table=entry.table.table,
                       pairs=escape(" · ".join(names)),
                       side=t(f"schedule.side.{sides}", lang),
                       command=escape(command_text(f"/result {entry.table.table} {t('tables.typed.forfeit', lang)} "
                                                   f"{t(f'tables.typed.{sides}', lang)}", lang))))
    lines.append(t("schedule.announce.checkin_referee", lang))
    return lines


_BODIES = {
    AnnouncementKind.REMINDER: _reminder,
    AnnouncementKind.START: _start,
    AnnouncementKind.CHECKIN: _checkin,
    AnnouncementKind.WARNING: _warning,
    AnnouncementKind.TIME_UP: _time_up,
}


def announcement_text(facts: AnnouncementFacts, lang: Language) -> str:
    lines = [_header(facts, lang)]
    if facts.late:
        lines.append(t("schedule.announce.late", lang, time=clock_text(facts.due, facts.tournament.zone)))
    lines += _BODIES[facts.kind](facts, lang)
    return "\n".join(lines)


_STATE_KEYS = {
    AnnouncementState.PENDING: "schedule.state.pending", AnnouncementState.SENT: "schedule.state.sent",
    AnnouncementState.LATE: "schedule.state.late", AnnouncementState.DROPPED: "schedule.state.dropped",
}


def timetable_text(table: Timetable, lang: Language) -> str:
    tournament = table.tournament
    zone = tournament.zone
    lines = [t("schedule.timetable.title", lang, name=escape(tournament.name), zone=zone.key)]
    limit = tournament.time_limit
    checkin = tournament.checkin_grace
    lines.append(t("schedule.timetable.settings", lang, remind=minutes(tournament.remind),
                   limit=t("schedule.timetable.no_limit", lang) if limit is None
                   else t("schedule.timetable.minutes", lang, minutes=minutes(limit)),
                   checkin=t("schedule.timetable.checkin_off", lang) if checkin is None
                   else t("schedule.timetable.minutes", lang, minutes=minutes(checkin))))
    if not table.rounds:
        lines.append(t("schedule.timetable.empty", lang))
        return "\n".join(lines)
    for start in table.rounds:
        lines.append(t("schedule.timetable.round", lang, round=start.round, when=local_text(start.starts_at, zone)))
        for row in table.planned.get(start.round, ()):
            if row.state is AnnouncementState.CANCELLED:
                continue
            lines.append(t("schedule.timetable.announcement", lang, time=local_text(row.due, zone),
                           kind=t(f"schedule.kind.{row.kind.value}", lang),
                           state=t(_STATE_KEYS[row.state], lang)))
    lines.append(t("schedule.timetable.hint", lang))
    return "\n".join(lines)


def scheduled_text(tournament: BoardTournament, round_number: int, starts_at: datetime,
                   rows: tuple[Announcement, ...], lang: Language) -> str:
    zone = tournament.zone
    lines = [t("schedule.set.done", lang, round=round_number, when=local_text(starts_at, zone), zone=zone.key)]
    for row in rows:
        lines.append(t("schedule.timetable.announcement", lang, time=local_text(row.due, zone),
                       kind=t(f"schedule.kind.{row.kind.value}", lang), state=t(_STATE_KEYS[row.state], lang)))
    return "\n".join(lines)


def deferred_posting_text(deferred: DeferredRound, lang: Language) -> str:
    """For the tournament layer, when a round completes early and the next one waits for its reminder."""
    zone = deferred.tournament.zone
    return t("schedule.deferred_posting", lang, round=deferred.start.round, at=clock_text(deferred.reminder_at, zone),
             start=local_text(deferred.start.starts_at, zone))
