"""Season speed: replaying a club's season from its stored results, and ``/ladder`` of a 300-player club.

* Replay (``bot.services.season.build_club`` and ``season_ladder``: every decided table rated in the order it became
  final with openskill's PlackettLuce, the roster, every finished tournament's places and the ladder): a season of 52
  weekly 40-pair Swiss tournaments of 5 rounds (5,200 tables), 80 of the club's 300 players each week, partners
  drawn anew every week. The tournaments are played out with the pure engine before timing.
* ``/ladder`` warm: the same club stored in a real SQLite file (the 52 tournaments written through the storage
  modules, as the bot writes them), then ``ladder_view`` — the club computed once, then kept by its fingerprint
  (``bot.services.club_cache``) — with the text and ``ladder.csv`` made from it; the picture is drawn once per
  change of the ladder and cached as the other pictures are, so it is timed apart.

Each figure is the best of several runs, wall and CPU time of this process.
Targets (club-season notice): replay < 2 s; ``/ladder`` of a 300-player club < 100 ms warm.
Run: ``.venv/bin/python benchmarks/bench_season.py``; exits 1 on a missed target.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import _paths  # noqa: F401

from bot.ruleset.scoring import MatchLevel
from bot.ruleset.variants import DEFAULT_VARIANT
from bot.season.ladder import SeasonScoring, SeasonWindow
from bot.services.season import Season, build_club, season_ladder
from bot.services.tournament.state import TournamentState
from bot.tournament import results as engine
from bot.tournament.entries import Entry, Person
from bot.tournament.format import TournamentFormat
from bot.tournament.outcome import Outcome
from bot.tournament.points_stage import PointsStage, start_points_stage
from bot.tournament.record import TournamentRecord, TournamentStatus
from bot.tournament.registration import Registration, RegistrationState
from bot.tournament.seed import new_seed
from bot.tournament.settings import TournamentSettings
from bot.tournament.swiss import SWISS_STREAM, start_swiss
from bot.tournament.teams import Actor, Team
from storage import Storage
from storage.club import FinalRow

CLUB = 300
WEEKS = 52
PAIRS = 40
ROUNDS = 5
CHAT = -100_123
START = datetime(2026, 1, 5, 19, 0, tzinfo=UTC)
LEVELS = [MatchLevel.parse(text) for text in ("2", "5", "8", "10", "Q", "K", "A")]
ORGANISER = Actor("chat:-100123", official=True)


def week(number: int, rng: random.Random) -> tuple[TournamentState, list[int]]:
    """One weekly Swiss evening played to the end by the organiser: its state and its tables in the order decided."""
    players = rng.sample(range(CLUB), 2 * PAIRS)
    people = [Person.named(f"Player {index:03d}") for index in players]
    teams = [Team(pair + 1, f"{people[2 * pair].name} / {people[2 * pair + 1].name}",
                  (people[2 * pair].key, people[2 * pair + 1].key)) for pair in range(PAIRS)]
    seed = new_seed(number.to_bytes(32, "big"))
    event: PointsStage = start_points_stage(start_swiss(teams, ROUNDS, DEFAULT_VARIANT, seed.stream(SWISS_STREAM)))
    at = START + timedelta(days=7 * number)
    order: list[int] = []
    while not event.finished:
        for match in event.playable():
            winner_level, loser_level = rng.choice(LEVELS), MatchLevel.parse("A+")
            outcome = Outcome.played(loser_level, winner_level) if rng.random() < 0.5 else \
                Outcome.played(winner_level, loser_level)
            event = engine.decide(event, match.table or 0, ORGANISER, outcome, at, DEFAULT_VARIANT).stage
            order.append(match.match_id)
    entries = tuple(Entry(pair + 1, (people[2 * pair], people[2 * pair + 1])) for pair in range(PAIRS))
    settings = TournamentSettings(format=TournamentFormat.SWISS, rounds=ROUNDS)
    record = TournamentRecord(number + 1, CHAT, f"Week {number + 1}", TournamentStatus.FINISHED,
                              Registration().mode, "chat:-100123", None, settings, None, seed.hex, 1, at,
                              at, at + timedelta(hours=3))
    registration = Registration(entries=entries, state=RegistrationState.DRAWN)
    return TournamentState(record, registration, tuple(teams), points_stage=event), order


def season() -> tuple[list[TournamentState], list[FinalRow]]:
    rng = random.Random(2026)
    states, rows = [], []
    for number in range(WEEKS):
        state, order = week(number, rng)
        states.append(state)
        rows.extend(FinalRow(len(rows) + 1, state.tournament_id, "points", match_id) for match_id in order)
    return states, rows


def best_of(runs: int, action: Callable[[], object]) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        action()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def report(label: str, wall: float, cpu: float, target: float) -> bool:
    met = cpu < target
    print(f"  {label}: {wall * 1000:8.1f} ms / {cpu * 1000:8.1f} ms  "
          f"target < {target * 1000:.0f} ms CPU: {'met' if met else 'MISSED'}")
    return met


def bench_replay(states: list[TournamentState], rows: list[FinalRow]) -> bool:
    print("replaying the season (build_club + season_ladder; best of 3: wall / CPU)")
    window = SeasonWindow(START - timedelta(days=1))
    tables = sum(1 for state in states for match in state.points_stage.store if match.games)  # type: ignore[union-attr]

    def replay() -> object:
        club = build_club(CHAT, states, rows, ())
        return season_ladder(club, Season("2026", window, SeasonScoring(), False))

    wall, cpu = best_of(3, replay)
    club = build_club(CHAT, states, rows, ())
    print(f"  ({len(states)} tournaments, {tables:,} tables, {len(club.members)} players, "
          f"{len(club.ratings)} rated)")
    return report(f"{WEEKS} weeks of {PAIRS}-pair Swiss", wall, cpu, 2.0)


async def bench_ladder(states: list[TournamentState], rows: list[FinalRow]) -> bool:
    from bot.clock import ManualClock
    from bot.config import Settings
    from bot.i18n import Language
    from bot.presenters.season import ladder_text
    from bot.services import Services
    from bot.services.caller import Caller, ChatKind
    from bot.services.roles import Roles
    from bot.services.season import ladder_pictures, ladder_view

    print("/ladder of the 300-player club on a real SQLite file (best of 20: wall / CPU)")
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "club.sqlite3"
        storage = Storage(db)
        await storage.open()
        try:
            await store_states(storage, states, rows)
            clock = ManualClock(datetime(2026, 12, 31, 12, 0, tzinfo=UTC))
            services = Services(Settings(db_path=db), storage, Roles(), clock)
            caller = Caller(CHAT, ChatKind.SUPERGROUP)
            cold_wall, cold_cpu = time.perf_counter(), time.process_time()
            view = await ladder_view(services, caller)
            cold_wall, cold_cpu = time.perf_counter() - cold_wall, time.process_time() - cold_cpu
            print(f"  cold (every tournament read back, the season replayed): {cold_wall * 1000:.0f} ms / "
                  f"{cold_cpu * 1000:.0f} ms; {len(view.rows)} players on the ladder")
            walls, cpus = [], []
            for _ in range(20):
                wall, cpu = time.perf_counter(), time.process_time()
                view = await ladder_view(services, caller)
                ladder_text(view, Language.ZH)
                view.csv()
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
            met = report("warm: ladder_view + text + ladder.csv", min(walls), min(cpus), 0.100)
            wall = time.perf_counter()
            await ladder_pictures(view, Language.ZH)
            drawn = time.perf_counter() - wall
            wall = time.perf_counter()
            await ladder_pictures(view, Language.ZH)
            print(f"  the picture (the top 30): drawn {drawn * 1000:.0f} ms, then cached "
                  f"{(time.perf_counter() - wall) * 1000:.1f} ms")
            return met
        finally:
            await storage.close()


async def store_states(storage: Storage, states: list[TournamentState], rows: list[FinalRow]) -> None:
    """The season written as the bot writes it: each tournament, its entries, pairs, draw, tables and the order its
    tables became final."""
    from bot.services.tournament.points_stage import write_points_stage
    from storage import club, tournament_bracket, tournament_entries, tournaments

    async with storage.transaction() as tx:
        for state in states:
            record, event = state.record, state.points_stage
            assert event is not None and record.seed is not None and record.finished_at is not None
            tid = await tournaments.create_tournament(
                tx, chat_id=CHAT, name=record.name, mode=record.mode, creator=record.creator, creator_user_id=None,
                settings=record.settings, at=record.created_at)
            assert tid == record.tournament_id
            await tournament_entries.save_entries(tx, tid, (), state.registration.entries, by="bench",
                                                  at=record.created_at)
            await tournament_bracket.save_teams(tx, tid, state.teams, dict.fromkeys(
                (team.team_id for team in state.teams), -1), ())
            await tournaments.record_draw(tx, tid, commitment="-", seed=record.seed, draw_file="{}",
                                          account_secret=None, at=record.created_at)
            await write_points_stage(tx, tid, None, event, record.finished_at)
            await tournaments.set_status(tx, tid, TournamentStatus.FINISHED, record.finished_at)
            await club.record_final(tx, tid, "points", [row.match_id for row in rows if row.tournament_id == tid],
                                    record.finished_at)


def main() -> int:
    wall = time.perf_counter()
    states, rows = season()
    print(f"(played out the season in {time.perf_counter() - wall:.1f} s)")
    met = bench_replay(states, rows)
    met = asyncio.run(bench_ladder(states, rows)) and met
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
