"""Swiss rounds and round-robin groups on the dispatcher: a 41-pair, 8-unit, 6-round Swiss
imported from a roster, and 14 pairs in 4 groups into an 8-pair knockout, each played to the end by the organiser
and read back from ``/export`` (``standings.csv``, ``matches.csv``)."""

from __future__ import annotations

import csv
import io
import random
from collections import Counter
from datetime import UTC, datetime

import pytest

from bot.clock import ManualClock
from bot.ruleset.scoring import MatchLevel, Side
from bot.tournament.draw_file import verify
from tests.handlers.match_clock_fixtures import announced_until
from tests.handlers.tournament_helpers import LEVELS
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.dispatched import Answer

UNITS = ("工会", "财务处", "后勤", "教务", "信息中心", "保卫处", "图书馆", "校办")
STANDINGS_HEADER = ["rank", "name", "points", "opponent_points", "level_difference", "played", "won", "drawn",
                    "lost", "byes", "group", "wins", "levels_reached", "withdrawn"]
MATCHES_HEADER = ["round", "stage", "table", "left", "right", "left_level", "right_level", "winner", "status",
                  "group", "left_points", "right_points"]


def csv_rows(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


async def import_roster(club: Club, pairs: int) -> None:
    lines = ["姓名,搭档,性别,单位"] + [f"甲{number},乙{number},,{UNITS[number % len(UNITS)]}"
                                       for number in range(pairs)]
    replies = await club.send_file(club.admin, "名单.csv", "\n".join(lines).encode(), "/import")
    assert "导入" in replies[0].text, replies[0].text


def outcome_words(rng: random.Random) -> str:
    if rng.random() < 0.15:
        level = rng.choice(LEVELS[:-1])  # both pairs past A is no result (results15): a draw below A+
        return f"{level} {level}"  # a draw
    if rng.random() < 0.05:
        return f"forfeit {rng.choice(('left', 'right'))}"
    return " ".join(rng.sample(LEVELS, 2))


async def decide_open_tables(club: Club, rng: random.Random) -> list[str]:
    """The organiser decides every open table of the round being played; the texts of the last reply."""
    state = await club.state()
    assert state.points_stage is not None and state.bracket is None
    texts: list[str] = []
    for match in state.points_stage.playable():
        texts = await club.say(club.admin, f"/result {match.table} {outcome_words(rng)}")
    return texts


async def export(club: Club) -> dict[str, bytes]:
    calls = await club.calls(club.member, "/export")
    return dict((call.file_name, call.content) for call in calls)


def draw_file(answers: list[Answer]) -> bytes:
    [document] = [answer for answer in answers if answer.kind == "file"]
    return document.content


def points_26(left: str, right: str, winner: str) -> tuple[int, int]:
    if winner == "draw":
        return 13, 13
    difference = abs(MatchLevel.parse(left).value - MatchLevel.parse(right).value)
    winning, losing = 13 + difference, 13 - difference
    return (winning, losing) if winner == "left" else (losing, winning)


def points_from_matches(rows: list[list[str]]) -> Counter[str]:
    """Every pair's points recomputed from ``matches.csv`` on the 26 scale (walkover and bye 16)."""
    points: Counter[str] = Counter()
    for row in rows[1:]:
        record = dict(zip(MATCHES_HEADER, row, strict=True))
        left, right = record["left"], record["right"]
        if record["status"] == "bye":
            points[left] += 16
        elif record["status"] == "forfeit":
            if record["winner"]:
                points[left if record["winner"] == "left" else right] += 16
        elif record["status"] == "confirmed" and record["stage"] != "main":
            scored = points_26(record["left_level"], record["right_level"], record["winner"])
            points[left] += scored[0]
            points[right] += scored[1]
    return points


def levels_from_matches(rows: list[list[str]]) -> Counter[str]:
    """Every pair's levels reached (累积小分) from ``matches.csv``: its level minus 2 over the matches played."""
    levels: Counter[str] = Counter()
    for row in rows[1:]:
        record = dict(zip(MATCHES_HEADER, row, strict=True))
        if record["status"] == "confirmed" and record["left_level"]:
            levels[record["left"]] += MatchLevel.parse(record["left_level"]).value - 2
            levels[record["right"]] += MatchLevel.parse(record["right_level"]).value - 2
    return levels


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
async def test_a_41_pair_swiss_of_6_rounds_from_a_roster(club: Club) -> None:
    rng = random.Random(12)
    await club.say(club.admin, "/new 积分赛")
    # A time limit: random final levels and draws are results a timed match can end with (results15 refuses a
    # winner below A+, and swiss2 a draw, without one).
    for setting in ("/set format swiss", "/set rounds 6", "/set time_limit 50"):
        [reply] = await club.say(club.admin, setting)
        assert "设置" in reply or "已" in reply, reply
    await import_roster(club, 41)
    calls = await club.calls(club.admin, "/draw")
    assert [call.kind for call in calls] == ["message"] * 3 + ["file"]
    round_one = calls[2].text
    assert "积分赛第 1 轮（共 6 轮）" in round_one and "第 20 桌" in round_one and "轮空" in round_one
    checked = verify(draw_file(calls))
    assert checked.matches and len(checked.draw.teams) == 41

    postings: list[str] = []
    for number in range(1, 7):
        state = await club.state()
        assert state.points_stage is not None and state.points_stage.current_round == number
        texts = await decide_open_tables(club, rng)
        postings.append("\n".join(texts))
        if number < 6:
            assert f"积分赛第 {number + 1} 轮（共 6 轮）" in texts[-1], texts
    assert "6 轮全部结束" in postings[-1] and "对手分" in postings[-1]

    cached = await club.state()
    club.bot.services.tournaments.clear()  # read back from storage
    state = await club.state()
    assert state.record.status.value == "finished" and state.points_stage is not None and state.points_stage.finished
    assert cached.points_stage is not None and state.points_stage.store == cached.points_stage.store
    assert state.points_stage.core == cached.points_stage.core
    swiss = state.points_stage.swiss
    assert swiss is not None
    met = Counter(frozenset((table.left.team_id, table.right.team_id)) for played in swiss.rounds
                  for table in played.tables)
    assert max(met.values()) == 1, "no rematch"
    assert not any(table.left.unit == table.right.unit for played in swiss.rounds for table in played.tables)
    byes = [played.bye.team_id for played in swiss.rounds if played.bye is not None]
    assert len(byes) == 6 and len(set(byes)) == 6

    files = await export(club)
    assert list(files) == ["entries.csv", "matches.csv", "standings.csv", "tournament.xlsx"]
    standings = csv_rows(files["standings.csv"])
    matches = csv_rows(files["matches.csv"])
    assert standings[0] == STANDINGS_HEADER and matches[0] == MATCHES_HEADER
    assert [int(row[0]) for row in standings[1:]] == list(range(1, 42))
    assert len(matches) == 1 + 6 * 20 + 6 and {row[1] for row in matches[1:]} == {"swiss"}
    assert all(row[9] == "" for row in matches[1:])
    draws = [row for row in matches[1:] if row[7] == "draw"]
    assert draws and all(row[5] == row[6] and row[8] == "confirmed" for row in draws)
    recomputed = points_from_matches(matches)
    by_name = {row[1]: row for row in standings[1:]}
    assert all(int(by_name[name][2]) == recomputed[name] for name in by_name)
    points = [int(row[2]) for row in standings[1:]]
    assert points == sorted(points, reverse=True)
    for row in standings[1:]:
        record = dict(zip(STANDINGS_HEADER, row, strict=True))
        assert int(record["played"]) + int(record["byes"]) == 6
        assert int(record["won"]) + int(record["drawn"]) + int(record["lost"]) == int(record["played"])
        assert record["group"] == ""
        assert int(record["wins"]) == int(record["won"]) + int(record["byes"]) and record["withdrawn"] == "0"
    levels = levels_from_matches(matches)
    assert all(int(row[STANDINGS_HEADER.index("levels_reached")]) == levels[row[1]] for row in standings[1:])

    calls = await club.calls(club.member, "/standings")
    assert [call.kind for call in calls] == ["message", "pictures"] and len(calls[1].pictures) == 2  # 41 rows
    assert "最终排名" in calls[0].text and "对手分" in calls[0].text and "级差" in calls[0].text


async def test_14_pairs_in_4_groups_into_an_8_pair_knockout(club: Club) -> None:
    rng = random.Random(14)
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Spring")
    for setting in ("/set format groups", "/set groups 4", "/set advance 2", "/set time_limit 50"):
        await club.say(club.admin, setting)
    for number in range(14):
        await club.say(club.admin, f"/signup A{number} B{number}")
    calls = await club.calls(club.admin, "/draw")
    assert [call.kind for call in calls] == ["message"] * 4 + ["file"]
    groups_text, round_one = calls[2].text, calls[3].text
    assert "4 groups of 14 pairs, 2 of each go on" in groups_text and "Group D" in groups_text
    assert "Group round 1 of 3" in round_one and "(group A)" in round_one and "Resting this round" in round_one
    assert verify(draw_file(calls)).matches

    for number in range(1, 4):
        texts = await decide_open_tables(club, rng)
        if number < 3:
            assert f"Group round {number + 1} of 3" in texts[-1]
    assert any("go on to the knockout" in text for text in texts), texts
    state = await club.state()
    assert state.bracket is not None and len(state.bracket.teams) == 8 and state.points_stage is not None
    assert state.points_stage.groups is not None and state.points_stage.groups.closed
    group_of = {team.team_id: index for index, group in enumerate(state.points_stage.groups.groups) for team in group}
    for match in state.bracket.table_matches(1):
        assert match.left is not None and match.right is not None
        assert group_of[match.left.team_id] != group_of[match.right.team_id]

    club.bot.services.tournaments.clear()  # read back from storage
    reloaded = await club.state()
    assert reloaded.bracket is not None and reloaded.points_stage is not None
    assert reloaded.points_stage.groups is not None
    assert reloaded.bracket.lines == state.bracket.lines and reloaded.points_stage.store == state.points_stage.store
    assert reloaded.points_stage.groups.closed
    assert reloaded.points_stage.groups.groups == state.points_stage.groups.groups
    [tables] = await club.say(club.member, "/tables")
    assert "Quarter-finals" in tables and "4 of 4 tables open" in tables
    refused = await club.say(club.admin, "/result 1 K K")
    assert refused and "add the winner" in refused[0]
    await club.play_to_the_end(random.Random(3), by_players=False)
    state = await club.state()
    assert state.record.status.value == "finished"

    files = await export(club)
    matches = csv_rows(files["matches.csv"])
    standings = csv_rows(files["standings.csv"])
    assert matches[0] == MATCHES_HEADER and standings[0] == STANDINGS_HEADER
    group_rows = [row for row in matches[1:] if row[1] == "group"]
    main_rows = [row for row in matches[1:] if row[1] == "main"]
    # Groups of 4, 4, 3 and 3: 6 + 6 + 3 + 3 matches, and in each group of three a bye a round.
    assert len([row for row in group_rows if row[8] != "bye"]) == 18
    assert len([row for row in group_rows if row[8] == "bye"]) == 2 * 3
    assert {row[9] for row in group_rows} == {"A", "B", "C", "D"} and all(row[9] == "" for row in main_rows)
    assert len(main_rows) == 4 + 2 + 1
    assert len(standings) == 1 + 14 and {row[10] for row in standings[1:]} == {"A", "B", "C", "D"}
    ranks = [int(row[0]) for row in standings[1:]]  # the whole field, 1…N
    assert ranks[0] == 1 and ranks == sorted(ranks) and ranks[8] == 9
    bracket_text, _picture = await club.say(club.member, "/bracket")
    assert "Group A" in bracket_text and "The knockout after the groups" in bracket_text



async def test_players_report_a_draw_and_confirm_it_with_the_button(club: Club) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Club night")
    await club.say(club.admin, "/set format swiss")
    await club.say(club.admin, "/set time_limit 50")  # a draw is a timed match's result
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    state = await club.state()
    assert state.points_stage is not None
    match = state.points_stage.table_matches()[0]
    calls = await club.calls(club.seat(match, Side.LEFT), f"/result {match.table} K K")
    assert "a draw" in calls[0].text
    replies, answer = await club.tap(club.seat(match, Side.RIGHT), calls[0], "Confirm")
    assert answer is not None and answer.text == "Done ✅" and "K : K — a draw." in replies[0].text
    after = await club.state()
    assert after.points_stage is not None and after.points_stage.match(match.match_id).games[0].outcome.is_draw
    [tables] = await club.say(club.member, "/tables")
    assert "Swiss round 1 of 2" in tables and "1 of 2 tables open" in tables  # 4 pairs: ⌈log₂ 4⌉ rounds
    _replies, stale = await club.tap(club.seat(match, Side.RIGHT), calls[0], "Confirm")
    assert stale is not None and "out of date" in str(stale.text)


@pytest.mark.parametrize("timers", [True])  # the reminder fires as the clock moves
async def test_a_swiss_round_completed_early_waits_for_the_next_rounds_reminder(club: Club, clock: ManualClock,
                                                                               timers: bool) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set format swiss")
    await club.say(club.admin, "/set time_limit 50")  # random final levels are results of timed matches
    await club.say(club.admin, "/set remind 20")
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    [scheduled] = await club.say(club.admin, "/schedule 2 2026-05-01 21:00")
    assert "2026-05-01 20:40" in scheduled
    texts = await decide_open_tables(club, random.Random(5))
    assert "第 2 轮 2026-05-01 21:00 开始：对阵表将在 20:40 随赛前提醒公布" in texts[-1]
    assert not any("积分赛第 2 轮" in text for text in texts)
    [reminder] = await announced_until(club.bot, clock, datetime(2026, 5, 1, 12, 40, tzinfo=UTC))
    assert "积分赛第 2 轮（共 2 轮）" in reminder and "第 1 桌：" in reminder
