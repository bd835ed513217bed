"""The printed pages' words and order, from what the print service gathered (``/print``, ``python -m bot print``).

Builds a :class:`~bot.paperwork.document.Document` in the chat's language: the round's tables with each pair's
result link, everyone by name in 拼音 / alphabetical order, the standings with their tie-break order written out,
the certificates' places, the check-in list and the booklet's facts. :mod:`bot.paperwork.render` lays it out.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.i18n import Language, t
from bot.paperwork.document import (
    BEFORE_DRAW_PACK,
    FINISHED_PACK,
    ROUND_PACK,
    Booklet,
    Certificate,
    CheckinLine,
    Document,
    NameLine,
    Paper,
    PrintedPair,
    PrintedTable,
    RoundSheet,
    StandingLine,
    StandingsSheet,
    What,
)
from bot.paperwork.order import heading_of, name_key
from bot.presenters.points_tables import points_round_title
from bot.presenters.standings_order import standings_order_text
from bot.presenters.tournament_tables import round_title
from bot.presenters.tournaments import mode_text, setting_name, setting_value
from bot.ruleset.scoring import Side
from bot.services.paperwork import PrintMaterial
from bot.services.tournament.state import TournamentState
from bot.tournament.entries import EntryStatus
from bot.tournament.format import TournamentFormat
from bot.tournament.matches import Match, MatchState
from bot.tournament.record import TournamentStatus
from bot.tournament.settings import SETTING_KEYS, TournamentSettings
from bot.tournament.teams import Team

DEFAULT_CERTIFICATES = 3
_TAG = re.compile(r"<[^>]+>")


def plain(text: str) -> str:
    """A catalog text without its chat markup (``<b>``, ``<code>``) and entities."""
    return html.unescape(_TAG.sub("", text))


def default_pack(material: PrintMaterial) -> tuple[What, ...]:
    """What ``/print`` alone prints now.

    Before the draw the check-in list and the booklet; after the last round the standings and the certificates; in
    between the round's tables, names, cards and slips."""
    state = material.state
    if material.round is None:
        return BEFORE_DRAW_PACK
    if state.record.status is TournamentStatus.FINISHED:
        return FINISHED_PACK
    return ROUND_PACK


def _pair(state: TournamentState, team: Team) -> PrintedPair:
    people = state.people()
    members = tuple(people[key].name if key in people else key for key in team.members)
    return PrintedPair(team.name, members, team.unit)


def _zone(material: PrintMaterial) -> ZoneInfo:
    return ZoneInfo(material.state.record.settings.timezone)


def _local(material: PrintMaterial, moment: datetime) -> str:
    return moment.astimezone(_zone(material)).strftime("%Y-%m-%d %H:%M")


def _round_title(material: PrintMaterial, lang: Language) -> str:
    state, tables = material.state, material.round
    assert tables is not None and material.round_number is not None
    stage, bracket = state.points_stage, state.bracket
    if stage is not None and material.round_number <= stage.rounds:
        return points_round_title(stage, tables.round, lang)
    assert bracket is not None
    return round_title(bracket, tables.round, lang)


def _byes(material: PrintMaterial) -> tuple[Team, ...]:
    """Pairs of the round without a table: round-1 byes of a knockout, a Swiss round's bye."""
    state, tables = material.state, material.round
    assert tables is not None and material.round_number is not None
    stage, bracket = state.points_stage, state.bracket
    matches: Iterable[Match]
    if stage is not None and material.round_number <= stage.rounds:
        matches = (match for match in stage.store if match.round == tables.round)
    elif bracket is not None:
        matches = bracket.round_matches(tables.round)
    else:
        return ()
    found = []
    for match in matches:
        if match.table is None and match.state is MatchState.BYE:
            team = match.left if match.left is not None else match.right
            if team is not None:
                found.append(team)
    return tuple(found)


def round_sheet(material: PrintMaterial, lang: Language) -> RoundSheet | None:
    """The round's tables with the pairs' links, and everyone in it by name."""
    tables = material.round
    if tables is None or material.round_number is None:
        return None
    state = material.state
    stage = state.points_stage
    seats = {} if material.tokens is None else material.tokens.seats
    printed: list[PrintedTable] = []
    names: list[NameLine] = []
    for match in tables.matches:
        if match.table is None or match.left is None or match.right is None:
            continue
        left, right = _pair(state, match.left), _pair(state, match.right)
        left_seat, right_seat = seats.get((match.table, Side.LEFT)), seats.get((match.table, Side.RIGHT))
        group = None
        if stage is not None and state.bracket is None and stage.groups is not None:
            group = stage.group_label_of(match)
        printed.append(PrintedTable(
            match.table, left, right, None if left_seat is None else left_seat.url,
            None if right_seat is None else right_seat.url, group))
        for side, pair in ((Side.LEFT, left), (Side.RIGHT, right)):
            for member in pair.members:
                names.append(NameLine(member, pair.name, match.table, t(f"print.side.{side.value}", lang),
                                      heading_of(member)))
    byes = tuple(_pair(state, team) for team in _byes(material))
    for pair in byes:
        for member in pair.members:
            names.append(NameLine(member, pair.name, None, t("print.side.bye", lang), heading_of(member)))
    names.sort(key=lambda line: (line.heading == "#", name_key(line.name), line.table or 0))
    starts = next((item.starts_at for item in material.timetable if item.round == material.round_number), None)
    return RoundSheet(
        number=material.round_number, title=_round_title(material, lang), tables=tuple(printed), byes=byes,
        names=tuple(names), starts_at=None if starts is None else _local(material, starts),
        links_off_note=None if material.links else t("print.card.no_links", lang))


def standings_sheet(material: PrintMaterial, lang: Language) -> StandingsSheet | None:
    """Points standings with their tie-break columns (a Swiss tournament, a group stage), else the knockout's places."""
    state = material.state
    if material.points and (state.bracket is None or material.placings is None):
        columns = (t("print.column.points", lang), t("print.column.opponents", lang),
                   t("print.column.difference", lang), t("print.column.won", lang),
                   t("print.column.played", lang))
        lines = tuple(StandingLine(str(row.rank), row.name, (
            str(row.points), str(row.opponent_points), f"{row.level_difference:+d}", str(row.won), str(row.played)),
            row.group) for row in material.points)
        return StandingsSheet(_standings_title(material, lang), columns, lines,
                              plain(_order_text(state.record.settings, lang)))
    if material.placings is None:
        return None
    knockout_columns = (t("print.column.played", lang), t("print.column.won", lang))
    places = tuple(StandingLine("—" if placing.place is None else str(placing.place), placing.team.name,
                                (str(placing.matches), str(placing.won)))
                   for placing in material.placings.placings)
    return StandingsSheet(_standings_title(material, lang), knockout_columns, places,
                          t("print.standings.knockout_order", lang))


def _order_text(settings: TournamentSettings, lang: Language) -> str:
    """The standings' order of a points stage in words (a Swiss tournament's or a group stage's)."""
    return standings_order_text(settings.variant(), lang, swiss=settings.format is TournamentFormat.SWISS)


def _standings_title(material: PrintMaterial, lang: Language) -> str:
    if material.state.record.status is TournamentStatus.FINISHED:
        return t("print.standings.final", lang)
    completed = _completed_round(material)
    return t("print.standings.after_round", lang, round=completed) if completed else t("print.standings.so_far", lang)


def _completed_round(material: PrintMaterial) -> int:
    current = material.last_round or 0
    if material.round is not None and material.round_number == current and not material.round.open:
        return current
    return max(0, current - 1)


def certificates(material: PrintMaterial, lang: Language, count: int = DEFAULT_CERTIFICATES) -> tuple[Certificate, ...]:
    """One certificate per pair placed 1 to ``count`` (shared places each get one)."""
    state = material.state
    places: list[tuple[int, Team]] = []
    if material.placings is not None:
        places = [(placing.place, placing.team) for placing in material.placings.placings
                  if placing.place is not None and placing.place <= count]
    elif material.points and state.points_stage is not None and state.points_stage.finished:
        places = [(row.rank, row.team) for row in material.points if row.rank <= count and row.group is None]
    return tuple(Certificate(place, _place_text(place, lang), _pair(state, team)) for place, team in places)


def _place_text(place: int, lang: Language) -> str:
    return t(f"print.certificate.place_{place}", lang) if place <= 3 else \
        t("print.certificate.place_n", lang, place=place)


def checkin_lines(state: TournamentState) -> tuple[CheckinLine, ...]:
    """Everyone signed up, a line per person (a pair's two under one number), then the waiting list."""
    lines: list[CheckinLine] = []
    for entry in state.registration.entries:
        if entry.status is EntryStatus.WITHDRAWN:
            continue
        for person in entry.members:
            lines.append(CheckinLine(entry.entry_id, person.name, person.unit,
                                     waiting=entry.status is EntryStatus.WAITING))
    return tuple(lines)


def entry_lines(state: TournamentState) -> tuple[CheckinLine, ...]:
    """The entries, a line each (a pair's two names together), the waiting list last."""
    lines = []
    for entry in state.registration.entries:
        if entry.status is EntryStatus.WITHDRAWN:
            continue
        units = list(dict.fromkeys(person.unit for person in entry.members if person.unit))
        lines.append(CheckinLine(entry.entry_id, " / ".join(person.name for person in entry.members),
                                 " / ".join(units) or None, waiting=entry.status is EntryStatus.WAITING))
    return tuple(sorted(lines, key=lambda line: line.waiting))


def booklet(material: PrintMaterial, lang: Language) -> Booklet:
    state = material.state
    record = state.record
    facts: list[tuple[str, str]] = [
        (t("print.booklet.tournament", lang), record.name),
        (t("print.booklet.mode", lang), mode_text(record.mode, lang)),
    ]
    for key in SETTING_KEYS:
        facts.append((setting_name(key.name, lang),
                      setting_value(key.name, key.show(getattr(record.settings, key.field)), lang)))
    order = plain(_order_text(record.settings, lang)) if record.settings.format is not TournamentFormat.KNOCKOUT \
        else t("print.standings.knockout_order", lang)
    facts.append((t("print.booklet.tiebreaks", lang), order))
    if material.referees:
        facts.append((plain(t("print.slip.referee", lang)), "、".join(material.referees) if lang.value == "zh"
                      else ", ".join(material.referees)))
    first = None
    if material.round is not None and material.round_number == 1:
        first = round_sheet(material, lang)
    timetable = tuple((_timetable_label(item.round, lang), _local(material, item.starts_at))
                      for item in material.timetable)
    return Booklet(tuple(facts), material.notice, entry_lines(state), first, timetable)


def _timetable_label(round_number: int, lang: Language) -> str:
    return f"{t('print.page.round', lang)} {round_number}"


def document(material: PrintMaterial, whats: Sequence[What], lang: Language, *, paper: Paper = Paper.A4,
             certificate_count: int = DEFAULT_CERTIFICATES) -> Document:
    """The pages of ``whats`` (in that order) for ``material`` in ``lang``."""
    state = material.state
    record = state.record
    day = record.finished_at if record.finished_at is not None and What.CERTIFICATES in whats \
        else material.printed_at
    subtitle = day.astimezone(_zone(material)).strftime("%Y-%m-%d")
    sheet = round_sheet(material, lang) if any(what in ROUND_PACK for what in whats) else None
    standings = standings_sheet(material, lang) if What.STANDINGS in whats else None
    awarded = certificates(material, lang, certificate_count) if What.CERTIFICATES in whats else ()
    notes = {What.TABLES: t("print.empty.round", lang), What.NAMES: t("print.empty.round", lang),
             What.CARDS: t("print.empty.round", lang), What.SLIPS: t("print.empty.round", lang),
             What.STANDINGS: t("print.empty.standings", lang),
             What.CERTIFICATES: t("print.empty.certificates", lang)}
    booklet_part = booklet(material, lang) if What.BOOKLET in whats else None
    if booklet_part is not None and booklet_part.first_round is None and material.first_round is not None:
        booklet_part = _with_first_round(material, booklet_part, lang)
    return Document(
        tournament=record.name, language=lang, whats=tuple(whats), subtitle=subtitle, paper=paper, round=sheet,
        standings=standings, certificates=awarded,
        checkin=checkin_lines(state) if What.CHECKIN in whats else (), booklet=booklet_part, notes=notes)


def _with_first_round(material: PrintMaterial, part: Booklet, lang: Language) -> Booklet:
    """The booklet printed after round 1: its draw is still round 1's."""
    first = replace(material, round=material.first_round, round_number=1, tokens=None)
    return replace(part, first_round=round_sheet(first, lang))


def what_words(whats: Sequence[What], lang: Language, *, pack: bool) -> str:
    """The caption's words for what the document holds."""
    if pack:
        return t("print.what.pack", lang) + "（" + "、".join(t(f"print.what.{what.value}", lang) for what in whats) \
            + "）" if lang.value == "zh" else t("print.what.pack", lang) + " (" + ", ".join(
                t(f"print.what.{what.value}", lang) for what in whats) + ")"
    return ("、" if lang.value == "zh" else ", ").join(t(f"print.what.{what.value}", lang) for what in whats)
