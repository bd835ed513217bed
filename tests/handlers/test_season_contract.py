"""The season's public contract driven through the chat: three tournaments in one group (people entered by name and by
account, a claim between them, a correction of the first tournament after the third has started), then ``ladder.csv``
checked against ratings this test computes itself with openskill, in the order the results became final, and against
ladder points by the stated rule (pairs finished below + 1)."""

from __future__ import annotations

import csv
import io
import random
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from bot.ruleset.scoring import Side
from bot.services.caller import ChatUser
from bot.services.tournament.state import TournamentState, load_state
from bot.tournament.matches import Match
from bot.tournament.points_stage import points_standings
from bot.tournament.standings import standings
from storage.tournaments import get_tournament
from tests.handlers.tournament_helpers import DispatchedClub as Club

HEADER = ["rank", "name", "points", "events", "best_place", "rating", "mu", "sigma", "games"]


@dataclass
class Ledger:
    """What the test knows: each rated table in the order it became final (position kept by a correction)."""

    same: dict[str, str] = field(default_factory=dict)
    """Person keys the club must treat as one person (a claimed name → the account)."""
    tables: list[tuple[tuple[str, ...], tuple[str, ...], str] | None] = field(default_factory=list)
    """(left members, right members, "left"/"right"/"draw"); None for a table that is not rated."""
    where: dict[tuple[int, str, int], int] = field(default_factory=dict)
    """(tournament, board, match id) → its position in ``tables``."""

    def person(self, key: str) -> str:
        return self.same.get(key, key)

    def final(self, tournament: int, board: str, match: Match, outcome: str | None) -> None:
        assert match.left is not None and match.right is not None
        entry = None if outcome is None else (tuple(match.left.members), tuple(match.right.members), outcome)
        key = (tournament, board, match.match_id)
        if key in self.where:
            self.tables[self.where[key]] = entry
        else:
            self.where[key] = len(self.tables)
            self.tables.append(entry)

    def ratings(self) -> dict[str, tuple[float, float, int]]:
        model = PlackettLuce()
        current: dict[str, object] = {}
        games: dict[str, int] = {}
        for entry in self.tables:
            if entry is None:
                continue
            left, right, outcome = entry
            left_people = [self.person(key) for key in left]
            right_people = [self.person(key) for key in right]
            if outcome == "right":
                teams, ranks = [right_people, left_people], [0, 1]
            else:
                teams, ranks = [left_people, right_people], [0, 0] if outcome == "draw" else [0, 1]
            rated = model.rate([[current.setdefault(p, model.rating()) for p in team] for team in teams],
                               ranks=ranks)
            for team, new_team in zip(teams, rated, strict=True):
                for person, new in zip(team, new_team, strict=True):
                    current[person] = new
                    games[person] = games.get(person, 0) + 1
        return {person: (rating.mu, rating.sigma, games[person])  # type: ignore[attr-defined]
                for person, rating in current.items()}


async def state_of(club: Club, tournament_id: int) -> TournamentState:
    services = club.bot.services
    async with services.storage.read() as tx:
        record = await get_tournament(tx, tournament_id)
        assert record is not None
        return await load_state(tx, services.tournaments, record)


def levels(rng: random.Random) -> tuple[str, str]:
    """Final levels of a match without a time limit: one pair passed A."""
    other = rng.choice(["5", "8", "10", "Q", "K", "A"])
    return ("A+", other) if rng.random() < 0.5 else (other, "A+")


def winner_of(left: str, right: str) -> str:
    return "left" if left == "A+" else "right"


async def play_knockout(club: Club, ledger: Ledger, rng: random.Random, rounds: int | None = None) -> None:
    """The organiser decides every table of the current rounds (a decision is final at once)."""
    played = 0
    while rounds is None or played < rounds:
        state = await club.state()
        bracket = state.require_bracket()
        if bracket.finished:
            return
        for match in bracket.playable():
            left, right = levels(rng)
            await club.say(club.admin, f"/result {match.table} {left} {right}")
            ledger.final(state.tournament_id, "knockout", match, winner_of(left, right))
        played += 1


async def play_swiss(club: Club, ledger: Ledger, rng: random.Random) -> None:
    """Every round: a draw, a forfeit (never rated), a report confirmed by the other pair when both are accounts,
    and the organiser's decisions."""
    for _ in range(10):
        state = await club.state()
        event = state.points_stage
        assert event is not None
        if state.record.status.value == "finished":
            return
        for index, match in enumerate(event.playable()):
            assert match.left is not None and match.right is not None
            accounts = all(key.startswith("tg:") for key in (*match.left.members, *match.right.members))
            if index == 0:
                await club.say(club.admin, f"/result {match.table} J J")
                ledger.final(state.tournament_id, "points", match, "draw")
            elif index == 1 and match.round == 1:
                await club.say(club.admin, f"/result {match.table} forfeit left")
                ledger.final(state.tournament_id, "points", match, None)
            elif accounts:
                left, right = "K", "A"
                await club.say(club.seat(match, Side.LEFT), f"/result {match.table} {left} {right}")
                await club.say(club.seat(match, Side.RIGHT), f"/confirm {match.table}")
                ledger.final(state.tournament_id, "points", match, "right")
            else:
                left, right = rng.choice([("A+", "9"), ("7", "A")])
                await club.say(club.admin, f"/result {match.table} {left} {right}")
                ledger.final(state.tournament_id, "points", match, "left" if left == "A+" else "right")
    raise AssertionError("the Swiss event did not finish")


def ladder_points(places: list[tuple[tuple[str, ...], int]]) -> dict[str, tuple[int, int]]:
    """Per person key: (points, place) of one finished tournament — pairs that finished below + 1."""
    found = {}
    for members, place in places:
        below = sum(1 for _, other in places if other > place)
        for key in members:
            found[key] = (below + 1, place)
    return found


async def test_three_tournaments_give_the_ladder_and_ratings_the_contract_states(club: Club) -> None:
    rng = random.Random(25)
    ledger = Ledger()
    admin = club.admin

    # 1: a knockout of four pairs, two entered by name, two of accounts paired by lot.
    await club.say(admin, "/new 一号杯")
    await club.say(admin, "/signup 张三 李四")
    await club.say(admin, "/signup Mary 王五")
    await club.sign_up_singles(4)
    await club.say(admin, "/draw")
    await play_knockout(club, ledger, rng)
    first = await club.state()
    assert first.record.status.value == "finished"
    first_places = [(placing.team.members, placing.place or 0)
                    for placing in standings(first.require_bracket()).placings]

    # 2: a Swiss tournament (time limit: draws allowed); 张三 again by name, Mary full width, 张三 claims an account.
    claimer: ChatUser = club.person(9, "阿三")
    await club.say(admin, "/new 二号杯")
    await club.say(admin, "/set format swiss")
    await club.say(admin, "/set time_limit 50")
    await club.say(admin, "/signup 张三 ｍａｒｙ")
    await club.say(admin, "/signup 李四 王五")
    await club.sign_up_singles(6)
    await club.say(claimer, "/claim 张三")
    [linked] = await club.say(admin, "/claim 张三 confirm")
    assert "阿三" in linked or "张三" in linked
    ledger.same["name:张三"] = claimer_key = f"tg:{claimer.user_id}"
    await club.say(admin, "/draw")
    await play_swiss(club, ledger, rng)
    second = await club.state()
    assert second.points_stage is not None
    second_places = [(row.team.members, row.rank) for row in points_standings(second.points_stage)]

    # 3: a knockout that has started (one result) when the first tournament's final is corrected.
    await club.say(admin, "/new 三号杯")
    await club.say(admin, "/signup 李四 王五")
    await club.sign_up_singles(6, start=3)
    await club.say(admin, "/draw")
    third = await club.state()
    opening = third.require_bracket().playable()[0]
    await club.say(admin, f"/result {opening.table} A+ 6")
    ledger.final(third.tournament_id, "knockout", opening, "left")

    final = first.require_bracket().match(max(match.match_id for match in first.require_bracket().matches()
                                              if match.round == first.require_bracket().rounds))
    assert final.games and final.winner is not None
    flipped = ("5", "A+") if final.winner is Side.LEFT else ("A+", "5")
    [pending] = await club.say(admin, f"/result #{first.tournament_id} {final.round}-{final.table} {flipped[0]} "
                                      f"{flipped[1]}")
    assert "confirm" in pending.lower() or "确认" in pending
    await club.say(admin, f"/result #{first.tournament_id} {final.round}-{final.table} {flipped[0]} {flipped[1]} "
                          "confirm")
    ledger.final(first.tournament_id, "knockout", final, winner_of(*flipped))
    corrected = standings((await state_of(club, first.tournament_id)).require_bracket())
    assert corrected.champion is not None and corrected.champion.team_id != standings(
        first.require_bracket()).champion.team_id  # type: ignore[union-attr]
    first_places = [(placing.team.members, placing.place or 0) for placing in corrected.placings]

    # The ladder: the finished tournaments 1 and 2 (the implicit season of the calendar year).
    answers = await club.bot.answers(club.chat, club.member, "/ladder export")
    [document] = [answer for answer in answers if answer.file_name is not None]
    name, content = document.file_name, document.content
    assert name == "ladder.csv"
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    assert rows[0] == HEADER

    expected_ratings = ledger.ratings()
    points: dict[str, list[tuple[int, int]]] = {}
    for places in (first_places, second_places):
        for key, result in ladder_points(places).items():
            points.setdefault(ledger.person(key), []).append(result)
    shown = {row[1]: row for row in rows[1:]}
    names = {ledger.person(key): person.name for state in (first, second, await club.state())
             for key, person in state.people().items()}
    assert len(shown) == len(points)
    for person, results in points.items():
        assert names[person] in shown, (names[person], sorted(shown))
        row = shown[names[person]]
        mu, sigma, games = expected_ratings[person]
        assert int(row[2]) == sum(result[0] for result in results), (person, row)
        assert int(row[3]) == len(results)
        assert int(row[4]) == min(result[1] for result in results)
        for text, value in ((row[5], mu - 3 * sigma), (row[6], mu), (row[7], sigma)):
            assert len(text.split(".")[1]) >= 6
            assert abs(float(text) - value) < 1e-6, (person, text, value)
        assert int(row[8]) == games
    # Ranked by points, then rating.
    order = [(-int(row[2]), -float(row[5])) for row in rows[1:]]
    assert order == sorted(order)
    assert [int(row[0]) for row in rows[1:]][0] == 1
    # The claim counts for both tournaments: the name of the first and the account of the second are one player.
    assert int(shown[names[claimer_key]][3]) == 2
