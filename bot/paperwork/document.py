"""The values a printed document is made of, in the order and words they are printed in.

A presenter (``bot.presenters.paperwork``) builds them from a tournament; :mod:`bot.paperwork.render` lays them out.
Nothing here knows the tournament engine: names, numbers, links and short texts only.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from bot.i18n import Language


class Paper(enum.StrEnum):
    A4 = "a4"
    LETTER = "letter"


class What(enum.StrEnum):
    """What ``/print`` prints (``/print tables``); the default pack depends on the moment."""

    TABLES = "tables"
    NAMES = "names"
    CARDS = "cards"
    SLIPS = "slips"
    STANDINGS = "standings"
    CERTIFICATES = "certificates"
    CHECKIN = "checkin"
    BOOKLET = "booklet"


ROUND_PACK = (What.TABLES, What.NAMES, What.CARDS, What.SLIPS)
"""What a round needs on the day: the wall lists, a card and a score slip per table."""
BEFORE_DRAW_PACK = (What.CHECKIN, What.BOOKLET)
FINISHED_PACK = (What.STANDINGS, What.CERTIFICATES)


@dataclass(frozen=True, slots=True)
class PrintedPair:
    name: str
    """The pair's name as the bot shows it: ``张三 / 李四``."""
    members: tuple[str, ...]
    unit: str | None = None


@dataclass(frozen=True, slots=True)
class PrintedTable:
    table: int
    left: PrintedPair
    right: PrintedPair
    left_link: str | None = None
    """The left pair's result link (its QR code on the table card); ``None`` without ``GUANDAN_PUBLIC_URL``."""
    right_link: str | None = None
    group: str | None = None
    """The group's letter in a group stage."""
    result: str = ""
    """The result so far, if any (``K : A+``), for a list printed after some tables finished."""


@dataclass(frozen=True, slots=True)
class NameLine:
    """One person in the by-name list."""

    name: str
    pair: str
    table: int | None
    """``None`` for a pair with a bye this round."""
    side: str
    """Localized: 左 / 右, left / right, or the bye word."""
    heading: str
    """The letter the line is listed under (拼音 initial for Chinese names, the first letter for Latin)."""


@dataclass(frozen=True, slots=True)
class RoundSheet:
    """One round's tables: for the wall list, the names list, the table cards and the score slips."""

    number: int
    title: str
    """Localized: ``第 2 轮``, ``Semi-finals``."""
    tables: tuple[PrintedTable, ...]
    byes: tuple[PrintedPair, ...] = ()
    names: tuple[NameLine, ...] = ()
    starts_at: str | None = None
    """The round's start time as people read it, if the timetable has one."""
    links_off_note: str | None = None
    """Why the cards have no QR code (``GUANDAN_PUBLIC_URL`` unset), printed small on the cards' page."""


@dataclass(frozen=True, slots=True)
class StandingLine:
    place: str
    name: str
    cells: tuple[str, ...]
    group: str | None = None


@dataclass(frozen=True, slots=True)
class StandingsSheet:
    title: str
    columns: tuple[str, ...]
    """Headings of ``cells``, after place and name."""
    lines: tuple[StandingLine, ...]
    order: str
    """The tie-break order written out."""


@dataclass(frozen=True, slots=True)
class Certificate:
    place: int
    place_text: str
    """Localized: 冠军, 第 4 名, Champions, 4th place."""
    pair: PrintedPair


@dataclass(frozen=True, slots=True)
class CheckinLine:
    number: int
    name: str
    unit: str | None
    waiting: bool = False


@dataclass(frozen=True, slots=True)
class Booklet:
    facts: tuple[tuple[str, str], ...]
    """(label, value): the tournament's name, time zone, format, scoring, tie-breaks and settings as ``/settings``."""
    notice: str | None
    entries: tuple[CheckinLine, ...]
    first_round: RoundSheet | None
    timetable: tuple[tuple[str, str], ...]
    """(round, start time)."""


@dataclass(frozen=True, slots=True)
class Document:
    """One PDF: the tournament's pages for ``whats``, in that order."""

    tournament: str
    language: Language
    whats: tuple[What, ...]
    subtitle: str = ""
    """The date (and place, when known) under every title."""
    paper: Paper = Paper.A4
    round: RoundSheet | None = None
    standings: StandingsSheet | None = None
    certificates: tuple[Certificate, ...] = ()
    checkin: tuple[CheckinLine, ...] = ()
    booklet: Booklet | None = None
    notes: dict[What, str] = field(default_factory=dict)
    """A line printed instead of a part that has nothing to show (no round drawn yet, no standings yet)."""
