"""The club and its season: ``/members``, ``/member``, ``/season``, ``/ladder`` and ``/rating`` (club-season notice).

Everything shown is recomputed from the stored results (``build_club``): the group's tournaments as stored now, the
order their tables became final (``storage.club.final_order``) and the club's records about its people — so a
correction made anywhere (an earlier tournament's result, a Swiss table, a withdrawal) flows into the ratings and
the ladder, and the same results always give the same numbers. The computed club is kept per group by the
fingerprint of what it was made from (``bot.services.club_cache``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.errors import TournamentError, UsageError
from bot.i18n import Language, t
from bot.pictures.ladder import LadderLine, render_ladder
from bot.pictures.picture import Picture
from bot.season.identity import ClubIdentity, ClubRecord, has_account
from bot.season.ladder import FinishedPair, FinishedTournament, LadderRow, SeasonScoring, SeasonWindow, ladder
from bot.season.ratings import PlayerRating, RatedTable, replay, tiers
from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.services.tournament.state import TournamentState, load_state
from bot.services.worker import in_worker
from bot.sheets.ladder_csv import LadderCsvRow, write_ladder_csv
from bot.tournament.bracket import Bracket
from bot.tournament.entries import Gender, Person
from bot.tournament.matches import Match, MatchState
from bot.tournament.names import clean_name, clean_unit, name_key
from bot.tournament.outcome import OutcomeKind
from bot.tournament.points_stage import PointsStage, leader, points_standings
from bot.tournament.record import TournamentStatus
from bot.tournament.standings import standings
from bot.tournament.teams import Team
from storage import Tx, history
from storage import club as club_rows
from storage.club import FinalRow, SeasonRow

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0
"""openskill's PlackettLuce defaults: a player without a rated table shows these."""
MAX_POINTS_TABLE = 64
MAX_BEST = 1000


class UnknownMemberError(UsageError):
    key = "club.unknown_member"


class SameMemberError(UsageError):
    key = "club.same_member"


class SeasonOpenError(TournamentError):
    key = "club.season_open"


class NoSeasonOpenError(TournamentError):
    key = "club.no_season_open"


class BadPointsTableError(UsageError):
    key = "club.bad_points_table"


class BadBestError(UsageError):
    key = "club.bad_best"


class UnknownSeasonError(UsageError):
    """``/ladder <season>`` names neither a season of the group nor a year."""

    key = "club.unknown_season"


class NothingRatedError(TournamentError):
    key = "club.nothing_yet"


@dataclass(frozen=True, slots=True)
class Member:
    key: str
    """The member key every alias ends at (``bot.season.identity``)."""
    name: str
    unit: str | None
    events: int
    """Tournaments of the group (drawn, not cancelled) in which the member played in a pair."""
    aliases: tuple[str, ...] = ()

    @property
    def linked(self) -> bool:
        return has_account(self.key)


@dataclass(frozen=True, slots=True)
class Season:
    """The season shown: a named one (``season`` its row) or the calendar year (``season`` None or its settings row)."""

    name: str
    window: SeasonWindow
    scoring: SeasonScoring
    named: bool
    row: SeasonRow | None = None


@dataclass(frozen=True, slots=True)
class TournamentLine:
    """One tournament of the group as ``/tournaments`` lists it."""

    tournament_id: int
    name: str
    created_at: datetime
    finished_at: datetime | None
    format: str
    status: str
    pairs: int
    champion: str | None


@dataclass(frozen=True, slots=True)
class Club:
    """A group's people, ratings and finished tournaments as stored now."""

    chat_id: int
    identity: ClubIdentity
    members: dict[str, Member]
    ratings: dict[str, PlayerRating]
    finished: tuple[FinishedTournament, ...]
    tournament_names: dict[int, str]
    seasons: tuple[SeasonRow, ...] = ()
    tiers: dict[str, str] = field(default_factory=dict)
    tournaments: tuple[TournamentLine, ...] = ()
    """Every tournament of the group, newest first (cancelled ones too)."""

    def rating(self, member: str) -> PlayerRating:
        return self.ratings.get(member) or PlayerRating(DEFAULT_MU, DEFAULT_SIGMA)

    def name(self, member: str) -> str:
        found = self.members.get(member)
        return member if found is None else found.name

    def find(self, typed: str) -> Member:
        """The member called ``typed`` (any spelling the club knows: a shown name, an entry's name, an alias)."""
        wanted = name_key(clean_name(typed))
        for member in self.members.values():
            if name_key(member.name) == wanted or f"name:{wanted}" in member.aliases:
                return member
        raise UnknownMemberError(name=typed)


@dataclass(frozen=True, slots=True)
class SeasonLadder:
    club: Club
    season: Season
    rows: tuple[LadderRow, ...]

    def csv_rows(self) -> list[LadderCsvRow]:
        found = []
        for row in self.rows:
            rating = self.club.rating(row.member)
            found.append(LadderCsvRow(row.rank, self.club.name(row.member), row.points, row.events, row.best_place,
                                      rating.ordinal, rating.mu, rating.sigma, rating.games))
        return found

    def csv(self) -> bytes:
        return write_ladder_csv(self.csv_rows())


def rated_tables(states: Sequence[TournamentState], order: Sequence[FinalRow],
                 identity: ClubIdentity) -> list[RatedTable]:
    """The decided tables of ``states`` in the order they became final.

    The latest time for a table that became final twice. A decided table without a recorded time (written before it was
    kept) comes after, by tournament, round and table."""
    by_id = {state.tournament_id: state for state in states}
    position: dict[tuple[int, str, int], int] = {}
    for row in order:
        key = (row.tournament_id, row.stage_kind, row.match_id)
        position.pop(key, None)
        position[key] = row.sequence
    ordered = sorted(position.items(), key=lambda item: item[1])
    tables: list[RatedTable] = []
    seen: set[tuple[int, str, int]] = set()
    for (tournament_id, stage_kind, match_id), _ in ordered:
        state = by_id.get(tournament_id)
        match = None if state is None else _stored_match(state, stage_kind, match_id)
        if match is not None:
            seen.add((tournament_id, stage_kind, match_id))
            table = _rated(tournament_id, match, identity)
            if table is not None:
                tables.append(table)
    for state in states:
        for stage_kind, match in _decided(state):
            if (state.tournament_id, stage_kind, match.match_id) not in seen:
                table = _rated(state.tournament_id, match, identity)
                if table is not None:
                    tables.append(table)
    return tables


def _stored_match(state: TournamentState, stage_kind: str, match_id: int) -> Match | None:
    source: Bracket | PointsStage | None = state.bracket if stage_kind == "knockout" else state.points_stage
    if source is None or not 1 <= match_id <= len(source.store):
        return None
    return source.store[match_id - 1]


def _decided(state: TournamentState) -> Iterable[tuple[str, Match]]:
    if state.points_stage is not None:
        yield from (("points", match) for match in state.points_stage.store if match.state is MatchState.CONFIRMED)
    if state.bracket is not None:
        yield from (("knockout", match) for match in state.bracket.store
                    if match is not None and match.state is MatchState.CONFIRMED)


def _rated(tournament_id: int, match: Match, identity: ClubIdentity) -> RatedTable | None:
    """The table as one rating update.

    A win or a draw played at the table; ``None`` for a forfeit (walkover), a double forfeit, a bye or a table still
    open."""
    if match.state is not MatchState.CONFIRMED or match.left is None or match.right is None or not match.games:
        return None
    if any(game.outcome.kind in (OutcomeKind.FORFEIT, OutcomeKind.DOUBLE_FORFEIT) for game in match.games):
        return None
    left = tuple(identity.member(key) for key in match.left.members)
    right = tuple(identity.member(key) for key in match.right.members)
    if match.winner is None:
        if match.best_of == 1 and match.games[-1].outcome.kind is OutcomeKind.DRAW:
            return RatedTable(tournament_id, match.round, match.table, left, right, draw=True)
        return None
    winners, losers = (left, right) if match.winner.value == "left" else (right, left)
    return RatedTable(tournament_id, match.round, match.table, winners, losers)


def finished_tournament(state: TournamentState, identity: ClubIdentity) -> FinishedTournament | None:
    """A finished tournament's pairs with their places.

    The knockout's placings (after groups: the knockout's pairs first, then the others by their group places), or the
    Swiss or group standings."""
    record = state.record
    if record.status is not TournamentStatus.FINISHED or record.finished_at is None:
        return None
    places: list[tuple[Team, int]] = []
    if state.bracket is not None:
        placings = standings(state.bracket).placings
        placed = {placing.team.team_id for placing in placings}
        places.extend((placing.team, placing.place or len(placings)) for placing in placings)
        if state.points_stage is not None:
            below = max((place for _, place in places), default=0)
            rows = [row for row in points_standings(state.points_stage) if row.team.team_id not in placed]
            places.extend((row.team, below + row.rank) for row in rows)
    elif state.points_stage is not None:
        places.extend((row.team, row.rank) for row in points_standings(state.points_stage))
    # Pairs that left a Swiss or groups tournament (/withdraw after the draw) get the last points, whatever their place.
    withdrawn: frozenset[int] = getattr(state.points_stage, "withdrawn", frozenset())
    pairs = tuple(FinishedPair(tuple(identity.member(key) for key in team.members), place, team.team_id in withdrawn)
                  for team, place in places)
    return FinishedTournament(record.tournament_id, record.finished_at, pairs)


def build_club(chat_id: int, states: Sequence[TournamentState], order: Sequence[FinalRow],
               records: Sequence[ClubRecord], seasons: Sequence[SeasonRow] = ()) -> Club:
    """The club as the stored results make it (no I/O).

    Members, ratings replayed from the start, finished tournaments with their places."""
    identity = ClubIdentity.from_records(records)
    counted = [state for state in states if state.record.status is not TournamentStatus.CANCELLED]
    ratings = replay(rated_tables([state for state in counted if state.drawn], order, identity))
    names: dict[str, str] = {}
    units: dict[str, str | None] = {}
    events: dict[str, set[int]] = {}
    for state in counted:
        for key, person in state.people().items():
            member = identity.member(key)
            names[member] = person.name if not has_account(member) or key == member else names.get(member,
                                                                                                     person.name)
            if person.unit:
                units[member] = person.unit
        for team in state.teams:
            for key in team.members:
                events.setdefault(identity.member(key), set()).add(state.tournament_id)
    for key, name in identity.names.items():
        names[identity.member(key)] = name
    for key, unit in identity.units.items():
        units[identity.member(key)] = unit or None
    members = {member: Member(member, name, units.get(member), len(events.get(member, ())),
                              identity.aliases(member)) for member, name in names.items()}
    finished = tuple(found for state in counted if (found := finished_tournament(state, identity)) is not None)
    shown_tiers = tiers([(member, rating.ordinal) for member, rating in ratings.items()])
    lines = tuple(tournament_line(state) for state in reversed(states))
    return Club(chat_id, identity, members, ratings, finished,
                {state.tournament_id: state.record.name for state in states}, tuple(seasons), shown_tiers, lines)


def tournament_line(state: TournamentState) -> TournamentLine:
    record = state.record
    champion = None
    if record.status is TournamentStatus.FINISHED:
        if state.bracket is not None:
            found = standings(state.bracket).champion
            champion = None if found is None else found.name
        elif state.points_stage is not None:
            best = leader(state.points_stage)
            champion = None if best is None else best.name
    pairs = len(state.teams) if state.drawn else sum(1 for entry in state.registration.entries if entry.is_current)
    return TournamentLine(record.tournament_id, record.name, record.created_at, record.finished_at,
                          record.settings.format.value, record.status.value, pairs, champion)


async def load_club(services: Services, tx: Tx, chat_id: int) -> Club:
    """The group's club, from the cache while nothing it depends on has changed."""
    fingerprint = await club_rows.fingerprint(tx, chat_id)
    cached = services.clubs.get(chat_id, fingerprint)
    if isinstance(cached, Club):
        return cached
    states = [await load_state(tx, services.tournaments, record)
              for record in await club_rows.chat_tournaments(tx, chat_id)]
    club = build_club(chat_id, states, await club_rows.final_order(tx, chat_id), await club_rows.records(tx, chat_id),
                      await club_rows.seasons(tx, chat_id))
    if not tx.wrote:
        services.clubs.put(chat_id, fingerprint, club)
    return club


async def read_club(services: Services, chat_id: int) -> Club:
    async with services.storage.read() as tx:
        return await load_club(services, tx, chat_id)


def current_season(club: Club, now: datetime, zone: ZoneInfo) -> Season:
    """The open named season, else the calendar year of ``now`` in the group's zone (with that year's settings)."""
    for row in club.seasons:
        if row.year is None and row.ended_at is None:
            return Season(row.name, SeasonWindow(row.started_at), SeasonScoring(row.points_table, row.best), True, row)
    year = now.astimezone(zone).year
    start = datetime(year, 1, 1, tzinfo=zone)
    window = SeasonWindow(start, datetime(year + 1, 1, 1, tzinfo=zone))
    held = next((row for row in club.seasons if row.year == year), None)
    scoring = SeasonScoring() if held is None else SeasonScoring(held.points_table, held.best)
    return Season(str(year), window, scoring, False, held)


def season_ladder(club: Club, season: Season) -> SeasonLadder:
    counted = [tournament for tournament in club.finished if season.window.holds(tournament.finished_at)]
    ratings = {member: rating.ordinal for member, rating in club.ratings.items()}
    return SeasonLadder(club, season, ladder(counted, season.scoring, ratings))


def season_called(club: Club, word: str, zone: ZoneInfo) -> Season:
    """``/ladder <name|year>``: a season's ladder, or a calendar year's.

    The group's season of that name (the latest, open or ended) or a calendar year — the table of a season after
    ``/season end``, or of last year."""
    wanted = " ".join(word.split()).casefold()
    named = [row for row in club.seasons if row.year is None and " ".join(row.name.split()).casefold() == wanted]
    if named:
        row = named[-1]
        return Season(row.name, SeasonWindow(row.started_at, row.ended_at), SeasonScoring(row.points_table, row.best),
                      True, row)
    if wanted.isascii() and wanted.isdecimal() and len(wanted) == 4 and 1900 < int(wanted) < 3000:
        return current_season(replace(club, seasons=tuple(row for row in club.seasons if row.year is not None)),
                              datetime(int(wanted), 7, 1, tzinfo=zone), zone)
    seasons = [row.name for row in club.seasons if row.year is None]
    raise UnknownSeasonError(value=word[:40], seasons="、".join(seasons[-5:]) or "—")


async def ladder_view(services: Services, caller: Caller, season: str | None = None) -> SeasonLadder:
    """The ladder of the season shown now, or of the season or year called ``season``."""
    club = await read_club(services, caller.chat_id)
    zone = services.settings.timezone
    shown = current_season(club, services.clock(), zone) if season is None else season_called(club, season, zone)
    return season_ladder(club, shown)


async def has_season(services: Services, chat_id: int) -> bool:
    """A named season was ever started in the group: ``/export`` then adds ``ladder.csv``."""
    async with services.storage.read() as tx:
        return any(row.year is None for row in await club_rows.seasons(tx, chat_id))


@dataclass(frozen=True, slots=True)
class RatingView:
    club: Club
    member: Member
    rating: PlayerRating


async def rating_view(services: Services, caller: Caller, name: str | None) -> RatingView:
    """``/rating [name]``: the named member, or the caller."""
    club = await read_club(services, caller.chat_id)
    if name:
        member = club.find(name)
    else:
        key = None if caller.person is None else club.identity.member(caller.actor_key)
        if key is None or key not in club.members:
            raise UnknownMemberError(name=caller.person.display_name if caller.person else "?")
        member = club.members[key]
    return RatingView(club, member, club.rating(member.key))


async def tournaments_view(services: Services, caller: Caller) -> Club:
    club = await read_club(services, caller.chat_id)
    if not club.tournaments:
        raise NothingRatedError()
    return club


async def members_view(services: Services, caller: Caller) -> Club:
    club = await read_club(services, caller.chat_id)
    if not club.members:
        raise NothingRatedError()
    return club


async def add_club_record(tx: Tx, caller: Caller, record: ClubRecord, at: datetime) -> None:
    """Append a club record and its history event in the caller's transaction."""
    await club_rows.add_record(tx, caller.chat_id, record, actor=caller.actor_key, at=at)
    await history.append(tx, chat_id=caller.chat_id, actor=caller.actor_key, kind=f"club.{record.kind}", at=at,
                         details={"person": record.person_key, "value": record.value})


async def rename_member(services: Services, caller: Caller, old: str, new: str) -> tuple[Member, str]:
    """``/member rename <old> <new>``: the name the club shows from now on (entries keep theirs)."""
    cleaned = clean_name(new)
    async with services.storage.transaction(claim=caller.claim) as tx:
        member = (await load_club(services, tx, caller.chat_id)).find(old)
        await add_club_record(tx, caller, ClubRecord(member.key, "name", cleaned), services.clock())
    return member, cleaned


async def set_member_unit(services: Services, caller: Caller, name: str, unit: str | None) -> tuple[Member, str | None]:
    """``/member unit <name> <unit>|off``: the unit the club knows the member by."""
    cleaned = None if unit is None else clean_unit(unit)
    async with services.storage.transaction(claim=caller.claim) as tx:
        member = (await load_club(services, tx, caller.chat_id)).find(name)
        await add_club_record(tx, caller, ClubRecord(member.key, "unit", cleaned or ""), services.clock())
    return member, cleaned


async def merge_members(services: Services, caller: Caller, first: str, second: str) -> tuple[Member, Member]:
    """``/member merge <name> <name>``: two spellings of one person become one.

    Two spellings of one person; the second's history becomes the first's (an account is kept whichever side it is on).
    """
    async with services.storage.transaction(claim=caller.claim) as tx:
        club = await load_club(services, tx, caller.chat_id)
        kept, folded = club.find(first), club.find(second)
        if kept.key == folded.key:
            raise SameMemberError(name=kept.name)
        if folded.linked and not kept.linked:
            kept, folded = folded, kept
        if kept.linked and folded.linked:
            raise SameMemberError(name=folded.name)
        at = services.clock()
        await add_club_record(tx, caller, ClubRecord(folded.key, "link", kept.key), at)
    return kept, folded


async def with_club_defaults(tx: Tx, chat_id: int, people: Sequence[Person]) -> list[Person]:
    """``people`` with the gender and unit the club knows them by where none was given.

    The club-season notice: "units and genders carry over as defaults for new entries". The club's own unit (``/member
    unit``) first, else their latest entry's in the group, also under a name linked to them (a claim, a merge). A name
    claimed by an account ("/claim links a name to an account once for all tournaments, past and future") is entered as
    that account."""
    known = await club_rows.known_people(tx, chat_id)
    identity = ClubIdentity.from_records(await club_rows.records(tx, chat_id))
    by_member: dict[str, tuple[str | None, str | None]] = {}
    for key, (gender, unit) in known.items():
        old_gender, old_unit = by_member.get(identity.member(key), (None, None))
        by_member[identity.member(key)] = (gender or old_gender, unit or old_unit)
    filled = []
    for person in people:
        member = identity.member(person.key)
        gender, unit = by_member.get(member, (None, None))
        unit = identity.units.get(member, unit) if member in identity.units else unit
        # A name claimed by an account in an earlier tournament is that account in this one too.
        key = member if has_account(member) and not has_account(person.key) else person.key
        filled.append(replace(person, key=key, gender=person.gender or (None if gender is None else Gender(gender)),
                              unit=person.unit or unit or None))
    return filled


def parse_points_table(text: str) -> tuple[int, ...]:
    """``10,8,6,5`` (also Chinese commas or spaces) → points by place.

    Refused unless whole numbers ≥ 0, at least one, at most 64."""
    parts = [part for part in text.replace("，", ",").replace(" ", ",").split(",") if part]
    if not parts or len(parts) > MAX_POINTS_TABLE or not all(part.isdecimal() for part in parts):
        raise BadPointsTableError(table=text[:40])
    return tuple(int(part) for part in parts)


@dataclass(frozen=True, slots=True)
class SeasonChange:
    season: Season
    changed: str
    """``new``, ``end``, ``points``, ``best``."""
    ended: str = ""
    """``end``: the name of the season closed."""


async def change_season(services: Services, caller: Caller, action: str, value: str | None = None) -> SeasonChange:
    """``/season new``, ``end``, ``points`` and ``best`` (organisers).

    ``/season new <name>``, ``/season end``, ``/season points table <p1,p2,…>|default``,
    ``/season best <n>|all`` (organisers; each one transaction with its history event)."""
    await services.roles.require(caller, Role.ORGANISER)
    async with services.storage.transaction(claim=caller.claim) as tx:
        at = services.clock()
        club = await load_club(services, tx, caller.chat_id)
        season = current_season(club, at, services.settings.timezone)
        details: dict[str, object] = {}
        ended = ""
        if action == "new":
            if season.named:
                raise SeasonOpenError(name=season.name)
            name = clean_name(value or "")
            await club_rows.start_season(tx, caller.chat_id, name, year=None, at=at)
            details = {"name": name}
        elif action == "end":
            if not season.named or season.row is None:
                raise NoSeasonOpenError()
            await club_rows.end_season(tx, season.row.season_id, at)
            details = {"name": season.name}
            ended = season.name
        else:
            scoring = season.scoring
            if action == "points":
                table = None if value in (None, "", "default", "默认") else parse_points_table(value or "")
                scoring = SeasonScoring(table, scoring.best)
                details = {"points_table": None if table is None else list(table)}
            else:
                best = _parse_best(value or "")
                scoring = SeasonScoring(scoring.points_table, best)
                details = {"best": best}
            row = season.row
            if row is None:
                await club_rows.start_season(tx, caller.chat_id, season.name, year=int(season.name), at=at,
                                             points_table=scoring.points_table, best=scoring.best)
            else:
                await club_rows.set_scoring(tx, row.season_id, scoring.points_table, scoring.best, at)
        await history.append(tx, chat_id=caller.chat_id, actor=caller.actor_key, kind=f"season.{action}", at=at,
                             details=details)
        club = await load_club(services, tx, caller.chat_id)
        season = current_season(club, at, services.settings.timezone)
    return SeasonChange(season, action, ended)


def _parse_best(text: str) -> int | None:
    if text in ("all", "全部", "off"):
        return None
    if not text.isdecimal() or not 0 < int(text) <= MAX_BEST:
        raise BadBestError(value=text[:20])
    return int(text)


def ladder_lines(view: SeasonLadder, lang: Language) -> tuple[LadderLine, ...]:
    club = view.club
    return tuple(
        LadderLine(row.rank, club.name(row.member),
                   t(f"club.tier_{club.tiers[row.member]}", lang) if row.member in club.tiers else "",
                   row.points, row.events, row.best_place, f"{club.rating(row.member).ordinal:.1f}")
        for row in view.rows)


LADDER_PICTURE_ROWS = 30
"""The picture shows the top of the ladder, one phone screen; ``ladder.csv`` has every row."""


async def ladder_pictures(view: SeasonLadder, lang: Language) -> tuple[Picture, ...]:
    """The top of the ladder as one phone picture."""
    title = t("club.ladder_caption", lang, season=view.season.name)
    return await in_worker(_draw_ladder, ladder_lines(view, lang)[:LADDER_PICTURE_ROWS], lang, title)


@functools.lru_cache(maxsize=8)
def _draw_ladder(lines: tuple[LadderLine, ...], lang: Language, title: str) -> tuple[Picture, ...]:
    return render_ladder(lines, lang=lang, title=title)
