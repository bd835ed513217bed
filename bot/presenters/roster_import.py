"""The reply to ``/import`` (Telegram HTML): what was imported, or every problem with its row number."""

from __future__ import annotations

from bot.i18n import Language
from bot.presenters.tournaments import say
from bot.richtext import escape
from bot.services.tournament.roster_import import RosterImported, RosterRejected
from bot.sheets.roster import describe_problems
from bot.tournament.entries import Gender, RegistrationMode


def imported_text(result: RosterImported, lang: Language) -> str:
    state = result.state
    name, count = state.record.name, len(result.entries)
    if state.registration.mode is RegistrationMode.MIXED:
        lines = [say("sheets.import.mixed", lang, name=name, entries=count, men=result.people_of(Gender.MALE),
                     women=result.people_of(Gender.FEMALE))]
    else:
        lines = [say("sheets.import.pairs", lang, name=name, entries=count, pairs=result.pairs,
                     singles=result.singles)]
    if result.waiting:
        lines.append(say("sheets.import.waiting", lang, count=result.waiting))
    current = sum(1 for entry in state.registration.entries if entry.is_current)
    lines.append(say("sheets.import.total", lang, entries=current))
    return "\n".join(lines)


def rejected_text(result: RosterRejected, lang: Language) -> str:
    """The problems as plain text made safe for HTML (names in them come from the file)."""
    return escape(describe_problems(result.problems, lang))
