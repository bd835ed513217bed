"""A groups → knockout evening end to end through the dispatcher, on both engines: 14 pairs in four round-robin
groups on 场分 (3-2-1), the best two of each into a knockout — results entered in bulk, a pair withdrawing in round
2, a correction of round 1 after round 2 has results, one message completing round 2 and round 3 (which draws the
knockout), then the quarter-finals, semi-finals and final. Every post's round label is checked as it comes, and the
exports are read back and checked against points the test computes from the results it entered itself: the whole
field ranked 1…14 in standings.csv (knockout places first, then the pairs out in the groups by group position, the
pair that withdrew last)."""

from __future__ import annotations

import csv
import io
import random
from collections import defaultdict
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.services.caller import ChatUser
from bot.services.tournament.state import TournamentState, read_state
from bot.tournament.matches import Match, MatchState
from bot.tournament.points_stage import PointsStage, points_standings
from tests.support.dispatched import Chat, DispatchedBot, organised

GROUP = Chat.group(-4_022_004, "周五掼蛋")
ORGANISER = ChatUser(101, "老王", "laowang", "zh-hans")
PAIRS = 14
WIN, LOSS, WALKOVER, FORFEITED, BYE = 3, 1, 3, 0, 3
"""场分 as the national rules give it: what the test counts, independently of the bot."""
KNOCKOUT_LABELS = ("四分之一决赛", "半决赛", "决赛")
LEVELS = ("3", "6", "9", "J", "K", "A")
"""Final levels of a timed match (one pair ahead; nobody needs to pass A)."""


@dataclass
class Entered:
    """A table's result as the test entered it (``walkover``: the loser withdrew)."""

    winner: str
    loser: str
    walkover: bool = False


@pytest.fixture
async def bot(migrated_target: Path | str) -> AsyncIterator[DispatchedBot]:
    async with organised(migrated_target, GROUP, ORGANISER, clock=ManualClock()) as running:
        yield running


class Evening:
    """The organiser's side of the evening: what was posted, what was entered."""

    def __init__(self, bot: DispatchedBot) -> None:
        self.bot = bot
        self.posts: list[str] = []
        self.entered: dict[tuple[int, int], Entered] = {}  # group (round, table) → result
        self.knockout: dict[tuple[int, int], Entered] = {}
        self.rng = random.Random(2214)

    async def say(self, text: str) -> list[str]:
        replies = await self.bot.say(GROUP, ORGANISER, text)
        self.posts.extend(replies)
        return replies

    async def state(self, *, reload: bool = False) -> TournamentState:
        if reload:
            self.bot.services.tournaments.clear()
        return await read_state(self.bot.services, GROUP.chat_id)

    async def event(self) -> PointsStage:
        event = (await self.state()).points_stage
        assert event is not None
        return event

    def line(self, match: Match, ref: str, into: dict[tuple[int, int], Entered]) -> str:
        """A random result for ``match`` as a bulk line (the left pair's level first), remembered."""
        assert match.left is not None and match.right is not None and match.table is not None
        low, high = sorted(self.rng.sample(LEVELS, 2), key=LEVELS.index)
        if self.rng.random() < 0.5:
            into[match.round, match.table] = Entered(match.left.name, match.right.name)
            return f"{ref} {high} {low}"
        into[match.round, match.table] = Entered(match.right.name, match.left.name)
        return f"{ref} {low} {high}"

    def group_lines(self, event: PointsStage, number: int, *, named: bool = False) -> list[str]:
        return [self.line(match, f"{number}-{match.table}" if named else str(match.table), self.entered)
                for match in event.table_matches(number) if not match.state.decided]


def group_points(evening: Evening, byes: dict[str, int]) -> dict[str, int]:
    """Each pair's group points from the results the test entered and the byes posted."""
    points: dict[str, int] = defaultdict(int)
    for result in evening.entered.values():
        points[result.winner] += WALKOVER if result.walkover else WIN
        points[result.loser] += FORFEITED if result.walkover else LOSS
    for name, count in byes.items():
        points[name] += BYE * count
    return points


def rows_of(content: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))


async def test_a_groups_then_knockout_evening(bot: DispatchedBot) -> None:
    evening = Evening(bot)
    await evening.say("/new 周五循环赛")
    for setting in ("/set format groups", "/set groups 4", "/set advance 2", "/set time_limit 50",
                    "/set scoring 3-2-1"):
        await evening.say(setting)
    for number in range(1, PAIRS + 1):
        await evening.say(f"/signup 甲{number} 乙{number}")
    drawn = await evening.say("/draw")
    assert any("小组赛第 1 轮（共 3 轮）" in post for post in drawn)
    event = await evening.event()
    assert event.groups is not None and sorted(len(group) for group in event.groups.groups) == [3, 3, 4, 4]

    # Round 1 in one message from the organiser: the reply, then round 2's tables.
    replies = await evening.say("/result " + "\n".join(evening.group_lines(event, 1)))
    assert "小组赛第 2 轮（共 3 轮）" in replies[-1] and not any(label in replies[-1] for label in KNOCKOUT_LABELS)

    # Round 2: a pair of a four-pair group leaves before playing; its round-2 and round-3 tables are walkovers.
    event = await evening.event()
    four = next(group for group in event.groups.groups if len(group) == 4)  # type: ignore[union-attr]
    leaving = four[0]
    replies = await evening.say(f"/withdraw {leaving.name.split(' / ')[0]}")
    assert f"{leaving.name} 在小组赛中退赛：它还没打的 2 场都判对手弃权胜" in replies[0]
    event = await evening.event()
    for match in event.store:
        if leaving in (match.left, match.right) and match.round >= 2:
            assert match.state is MatchState.CONFIRMED and match.winning_team is not None
            assert match.table is not None
            evening.entered[match.round, match.table] = Entered(match.winning_team.name, leaving.name, True)

    # Half of round 2, then a correction of a round-1 table: later results exist, so it waits for "confirm".
    open_tables = evening.group_lines(event, 2)
    await evening.say("/result " + "\n".join(open_tables[:2]))
    corrected = event.table_matches(1)[0]
    assert corrected.left is not None and corrected.right is not None
    before = evening.entered[1, 1]
    winner_left = before.winner == corrected.right.name  # the correction turns the result round
    new = "A 3" if winner_left else "3 A"
    [pending] = await evening.say(f"/result 1-1 {new}")
    assert f"/result 1-1 {new} 确认" in pending  # the command to confirm, in the chat's words
    await evening.say(f"/result 1-1 {new} confirm")
    evening.entered[1, 1] = Entered(before.loser, before.winner)

    # The rest of round 2 and all of round 3 in ONE message: it completes both and draws the knockout; the group
    # hears round 3 with its results, the knockout drawn and the quarter-finals, in one message.
    event = await evening.event()
    round_three = evening.group_lines(event, 3, named=True)
    replies = await evening.say("/result " + "\n".join(open_tables[2:] + round_three))
    assert len(replies) == 2, replies
    announced = replies[1]
    assert announced.index("小组赛第 3 轮") < announced.index("小组赛结束") < announced.index("四分之一决赛")
    state = await evening.state()
    assert state.bracket is not None and state.points_stage is not None and state.points_stage.finished

    # The knockout: each round in bulk; each post names its knockout round and no group round.
    for label in KNOCKOUT_LABELS:
        bracket = (await evening.state()).require_bracket()
        lines = [evening.line(match, str(match.table), evening.knockout) for match in bracket.playable()]
        replies = await evening.say("/result " + "\n".join(lines))
        for post in replies[1:]:
            assert "小组赛第" not in post, post
        if label != "决赛":
            following = KNOCKOUT_LABELS[KNOCKOUT_LABELS.index(label) + 1]
            assert any(following in post for post in replies[1:]), (label, replies)
    state = await evening.state(reload=True)
    bracket = state.require_bracket()
    assert bracket.finished and state.points_stage is not None
    champion = evening.knockout[bracket.rounds, 1].winner
    assert any(f"冠军：{champion}" in post for post in replies)

    # Read back from /export.
    files = {answer.file_name: answer.content for answer in await bot.answers(GROUP, ORGANISER, "/export")
             if answer.file_name is not None}
    matches = rows_of(files["matches.csv"])
    standings = rows_of(files["standings.csv"])
    byes: dict[str, int] = defaultdict(int)
    for row in matches:
        if row["stage"] == "group" and row["status"] == "bye":
            byes[row["left"]] += 1
            assert row["left_points"] == str(BYE)
    counted = group_points(evening, byes)
    # Every group table as entered, with its points.
    group_rows = [row for row in matches if row["stage"] == "group" and row["status"] != "bye"]
    assert len(group_rows) == len(evening.entered) == sum(len(event.table_matches(number)) for number in (1, 2, 3))
    for row in group_rows:
        result = evening.entered[int(row["round"]), int(row["table"])]
        winner = row["left"] if row["winner"] == "left" else row["right"]
        assert winner == result.winner, row
        points = (WALKOVER, FORFEITED) if result.walkover else (WIN, LOSS)
        expected = points if winner == row["left"] else points[::-1]
        assert (int(row["left_points"]), int(row["right_points"])) == expected, row
    assert len([row for row in matches if row["stage"] == "main"]) == 4 + 2 + 1

    # The whole field 1…14: knockout places first (champion, runner-up, two third places, four quarter-final
    # losers), then the pairs out in the groups by group position, the one that withdrew last.
    assert len(standings) == PAIRS and len({row["name"] for row in standings}) == PAIRS
    assert [int(row["rank"]) for row in standings[:8]] == [1, 2, 3, 3, 5, 5, 5, 5]
    assert standings[0]["name"] == champion
    assert standings[1]["name"] == evening.knockout[bracket.rounds, 1].loser
    assert {row["name"] for row in standings[2:4]} == {evening.knockout[bracket.rounds - 1, table].loser
                                                        for table in (1, 2)}
    assert {row["name"] for row in standings[4:8]} == {evening.knockout[1, table].loser for table in (1, 2, 3, 4)}
    ranks = [int(row["rank"]) for row in standings]
    assert ranks == sorted(ranks) and all(9 <= rank <= PAIRS for rank in ranks[8:])
    assert standings[-1]["name"] == leaving.name and standings[-1]["withdrawn"] == "1"
    assert all(row["withdrawn"] == "0" for row in standings[:-1])
    for row in standings:
        assert int(row["points"]) == counted[row["name"]], row
    # The pairs out: the third-placed of each group before the fourth-placed.
    places = {row.team.name: row.rank for row in points_standings(state.points_stage)}
    out = standings[8:]
    assert [places[row["name"]] for row in out] == sorted(places[row["name"]] for row in out)
    # Each group sent on its two best by the points the test counts; the pair that withdrew never went on.
    went_on = {row["name"] for row in standings[:8]}
    for group in state.points_stage.groups.groups:  # type: ignore[union-attr]
        names = {team.name for team in group}
        on, off = names & went_on, names - went_on
        assert len(on) == 2 and leaving.name not in on
        assert min(counted[name] for name in on) >= max(counted[name] for name in off if name != leaving.name)
