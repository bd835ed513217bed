"""A club's Swiss evening, end to end through the chat: a 20-pair, 5-round Swiss evening on 场分 (3-2-1) with a
late pair joining in round 2, results entered in bulk and confirmed with /confirm all, a pair withdrawing after
round 3, a correction of round 2 after round 4 has results, /swap before round 5 — read back from /export and
checked against points the test computes from the results it entered itself."""

from __future__ import annotations

import csv
import io
import random
from collections import defaultdict
from dataclasses import dataclass

import pytest

from bot.ruleset.scoring import Side
from bot.tournament.matches import Match, MatchState
from bot.tournament.points_stage import PointsStage
from tests.handlers.tournament_helpers import DispatchedClub as Club

WIN, LOSS, WALKOVER, FORFEITED, BYE = 3, 1, 3, 0, 3
"""场分 as the national rules give it: what the test counts, independently of the bot."""


@dataclass
class Entered:
    """A table's result as the test entered it: the winner's and loser's names; ``walkover``: the loser left."""

    winner: str
    loser: str
    walkover: bool = False


async def event_of(club: Club) -> PointsStage:
    event = (await club.state()).points_stage
    assert event is not None
    return event


def names(match: Match) -> tuple[str, str]:
    assert match.left is not None and match.right is not None
    return match.left.name, match.right.name


def levels(rng: random.Random, match: Match) -> tuple[str, Entered]:
    """Final levels for a timed match (one pair ahead, nobody needs to pass A) and who won."""
    low, high = sorted(rng.sample(("3", "6", "9", "J", "K", "A"), 2), key=("3", "6", "9", "J", "K", "A").index)
    left, right = names(match)
    if rng.random() < 0.5:
        return f"{high} {low}", Entered(left, right)
    return f"{low} {high}", Entered(right, left)


@pytest.mark.slow  # a whole evening: seconds under load
async def test_a_twenty_pair_five_round_swiss_evening(club: Club) -> None:
    rng = random.Random(22)
    entered: dict[tuple[int, int], Entered] = {}  # (round, table) → result
    byes: dict[int, str] = {}
    await club.say(club.admin, "/new 周五积分赛")
    for setting in ("/set format swiss", "/set rounds 5", "/set time_limit 50", "/set scoring 3-2-1"):
        await club.say(club.admin, setting)
    await club.sign_up_singles(38)  # 19 pairs at the draw
    await club.say(club.admin, "/draw")
    event = await event_of(club)
    assert len(event.teams) == 19 and len(event.table_matches(1)) == 9

    # A late pair, entered during round 1: plays from round 2 with 0 points for round 1 (no bye points).
    [joined] = await club.say(club.admin, "/signup 迟到甲 迟到乙")
    assert "从第 2 轮起参加编排" in joined
    late = "迟到甲 / 迟到乙"

    # Round 1: every left pair reports, the organiser confirms them all at once.
    for match in event.table_matches(1):
        text, result = levels(rng, match)
        await club.say(club.seat(match, Side.LEFT), f"/result {match.table} {text}")
        entered[(1, match.table or 0)] = result
    [bye] = event.byes(1)
    byes[1] = bye.name
    replies = await club.say(club.admin, "/confirm all")
    assert "一次确认了 9 桌" in replies[0] and any("积分赛第 2 轮" in text for text in replies[1:])
    event = await event_of(club)
    assert event.current_round == 2 and len(event.table_matches(2)) == 10 and not event.byes(2)
    assert late in {name for match in event.table_matches(2) for name in names(match)}

    async def bulk_round(number: int) -> None:
        current = await event_of(club)
        assert current.current_round == number
        lines = []
        for match in current.table_matches(number):
            if match.state is MatchState.CONFIRMED:
                continue  # a walkover already decided
            text, result = levels(rng, match)
            lines.append(f"{match.table} {text}")
            entered[(number, match.table or 0)] = result
        separator = "\n" if number % 2 else "; "
        [reply, *_] = await club.say(club.admin, "/result " + separator.join(lines))
        assert f"收到 {len(lines)} 行成绩：记录 {len(lines)} 行" in reply

    await bulk_round(2)
    await bulk_round(3)

    # After round 3 a pair leaves: its round-4 table is a walkover, it is not paired in round 5.
    event = await event_of(club)
    assert event.current_round == 4
    leaving_match = event.table_matches(4)[3]
    leaving, staying = names(leaving_match)
    player = club.seat(leaving_match, Side.LEFT)
    replies = await club.say(club.admin, f"/withdraw {player.display_name}")
    assert f"{leaving} 退赛：从第 5 轮起不再编排" in replies[0]
    entered[(4, leaving_match.table or 0)] = Entered(staying, leaving, walkover=True)
    await bulk_round(4)

    # Round 4 has results (and round 5 is paired): correct a table of round 2, confirmed.
    event = await event_of(club)
    assert event.current_round == 5 and leaving not in {n for m in event.table_matches(5) for n in names(m)}
    target = event.table_matches(2)[0]
    was = entered[(2, 1)]
    left, right = names(target)
    turned = "3 A" if was.winner == left else "A 3"  # the other pair won
    calls = await club.calls(club.admin, f"/result 2-1 {turned}")
    assert "第 2 轮之后的轮次已经有成绩" in calls[0].text
    replies, _answer = await club.tap(club.admin, calls[0], "确认更正")
    assert "原成绩" in replies[0].text and "积分或名次有变化的组合" in replies[0].text
    entered[(2, 1)] = Entered(was.loser, was.winner)

    # Before round 5: two pairs of different tables change places.
    event = await event_of(club)
    first, second = event.table_matches(5)[0], event.table_matches(5)[1]
    a, b = club.seat(first, Side.LEFT), club.seat(second, Side.LEFT)
    [swapped] = await club.say(club.admin, f"/swap {a.display_name} {b.display_name} confirm")
    assert "交换了位置" in swapped
    event = await event_of(club)
    assert event.table_matches(5)[0].left == second.left and event.table_matches(5)[1].left == first.left

    # Round 5: a player of each table reports (against the late pair, entered by name, the report waits for an
    # official); the organiser confirms them all at once.
    for match in event.table_matches(5):
        text, result = levels(rng, match)
        side = Side.LEFT if match.left is not None and match.left.name != late else Side.RIGHT
        await club.say(club.seat(match, side), f"/result {match.table} {text}")
        entered[(5, match.table or 0)] = result
    for number in range(2, 6):
        for bye_team in event.byes(number):
            byes[number] = bye_team.name
    replies = await club.say(club.admin, "/confirm all")
    assert any("全部结束" in text for text in replies), replies

    # Read back from /export and compare with the points the test computes.
    sent = {answer.file_name: answer.content
            for answer in await club.bot.answers(club.chat, club.member, "/export")}
    rows = list(csv.DictReader(io.StringIO(sent["standings.csv"].decode("utf-8-sig"))))
    expected: dict[str, int] = defaultdict(int)
    for result in entered.values():
        expected[result.winner] += WALKOVER if result.walkover else WIN
        expected[result.loser] += FORFEITED if result.walkover else LOSS
    for name in byes.values():
        expected[name] += BYE
    assert len(rows) == 20
    assert {row["name"]: int(row["points"]) for row in rows} == {name: expected.get(name, 0) for name in
                                                                {row["name"] for row in rows}}
    assert [int(row["rank"]) for row in rows] == list(range(1, 21))
    by_name = {row["name"]: row for row in rows}
    assert by_name[late]["played"] == "4"
    if "withdrawn" in rows[0]:
        assert {row["name"] for row in rows if row["withdrawn"] == "1"} == {leaving}
    matches = list(csv.DictReader(io.StringIO(sent["matches.csv"].decode("utf-8-sig"))))
    assert len(entered) == 9 + 10 + 10 + 10 + 9 and len(matches) >= len(entered)  # round 5: 19 pairs, a bye
