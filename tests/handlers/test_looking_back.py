"""Looking back on an evening through the chat: each match's points in ``matches.csv``, earlier
rounds' tables and standings, one pair's evening."""

from __future__ import annotations

import csv
import io
from collections import Counter

from PIL import Image

from bot.tournament.points_stage import standings_after
from tests.handlers.tournament_helpers import DispatchedClub as Club


def csv_records(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


async def swiss_evening(club: Club, pairs: int = 7) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Friday")
    for setting in ("/set format swiss", "/set time_limit 50", "/set rounds 3"):
        await club.say(club.admin, setting)
    for number in range(pairs):
        await club.say(club.admin, f"/signup A{number} B{number}")
    await club.say(club.admin, "/draw")


async def play_round(club: Club, results: tuple[str, ...]) -> None:
    state = await club.state()
    assert state.points_stage is not None
    for match, result in zip(state.points_stage.playable(), results, strict=False):
        await club.say(club.admin, f"/result {match.table} {result}")


async def exported(club: Club, name: str) -> list[dict[str, str]]:
    calls = await club.calls(club.member, "/export")
    return csv_records(dict((call.file_name, call.content) for call in calls)[name])


async def test_matches_csv_ends_with_each_matchs_points(club: Club) -> None:
    await swiss_evening(club)
    await play_round(club, ("A+ 10", "forfeit right", "K K"))
    rows = await exported(club, "matches.csv")
    assert list(rows[0])[-2:] == ["left_points", "right_points"]
    played, forfeit, drawn, bye = [row for row in rows if row["round"] == "1"]
    assert (played["left_points"], played["right_points"]) == ("18", "8")  # 13 ± (15 − 10) on the 26 scale
    assert (forfeit["left_points"], forfeit["right_points"]) == ("16", "0")
    assert (drawn["left_points"], drawn["right_points"]) == ("13", "13")
    assert bye["status"] == "bye" and (bye["left_points"], bye["right_points"]) == ("16", "")
    summed: Counter[str] = Counter()
    for row in rows:
        summed[row["left"]] += int(row["left_points"] or 0)
        summed[row["right"]] += int(row["right_points"] or 0)
    standings = {row["name"]: int(row["points"]) for row in await exported(club, "standings.csv")}
    assert standings == {name: summed[name] for name in standings}


async def test_knockout_byes_have_no_points(club: Club) -> None:
    await club.say(club.admin, "/new Cup")
    for number in range(3):
        await club.say(club.admin, f"/signup A{number} B{number}")
    await club.say(club.admin, "/draw")
    await club.say(club.admin, "/result 1 A+ 10")
    rows = await exported(club, "matches.csv")
    bye = next(row for row in rows if row["status"] == "bye")
    played = next(row for row in rows if row["status"] == "confirmed")
    assert (bye["left_points"], bye["right_points"]) == ("", "")
    assert (played["left_points"], played["right_points"]) == ("18", "8")



async def two_rounds(club: Club) -> None:
    await swiss_evening(club)
    await play_round(club, ("A+ 10", "forfeit right", "K K"))
    await play_round(club, ("10 A+", "Q K", "A+ 2"))


async def test_tables_and_bracket_of_an_earlier_round(club: Club) -> None:
    await two_rounds(club)
    state = await club.state()
    assert state.points_stage is not None and state.points_stage.current_round == 3
    calls = await club.calls(club.member, "/tables 1")
    assert [call.kind for call in calls] == ["message", "pictures"]
    text = calls[0].text
    assert "Swiss round 1 of 3" in text and "A+ : 10" in text and "K : K" in text and "Bye" in text, text
    for match in state.points_stage.table_matches(1):
        assert match.left is not None and match.left.name in text
    [picture] = calls[1].pictures
    image = Image.open(io.BytesIO(picture.png))
    assert image.width >= 1080
    bracket = await club.calls(club.member, "/bracket 2")
    assert "Swiss round 2 of 3" in bracket[0].text and "10 : A+" in bracket[0].text
    [missing] = await club.say(club.member, "/tables 5")
    assert missing == "There is no round 5 yet: 3 rounds are paired so far."
    [bad] = await club.say(club.member, "/standings x")
    assert "“x” is not a round" in bad


async def test_standings_after_an_earlier_round(club: Club) -> None:
    await two_rounds(club)
    calls = await club.calls(club.member, "/standings 1")
    text = calls[0].text
    assert "standings after round 1" in text and any(call.kind == "pictures" for call in calls)
    state = await club.state()
    assert state.points_stage is not None
    after_one = standings_after(state.points_stage, 1)
    first = after_one[0]
    assert f"1. {first.name} — {first.points} pts" in text
    now = await club.say(club.member, "/standings")
    assert "after round 2" in now[0] and now[0] != text


async def test_pair_shows_one_pairs_evening(club: Club) -> None:
    await two_rounds(club)
    state = await club.state()
    assert state.points_stage is not None
    team = state.points_stage.table_matches(1)[0].left
    assert team is not None
    [text] = await club.say(club.member, f"/pair {team.name.split(' / ')[0]}")
    lines = text.splitlines()
    assert team.name in lines[0] and lines[1].startswith("Round 1 · table 1 · vs ")
    assert "A+ : 10, won, 18 pts · total 18" in lines[1], lines
    assert lines[2].startswith("Round 2 ·") and lines[3].startswith("Round 3 ·")
    rank_after_two = next(row.rank for row in standings_after(state.points_stage, 2)
                          if row.team.team_id == team.team_id)
    assert lines[2].endswith(f"place {rank_after_two}"), lines[2]
    [by_number] = await club.say(club.member, f"/pair {team.team_id}")
    assert by_number == text
    [unknown] = await club.say(club.member, "/pair Nobody")
    assert "No pair is called “Nobody”" in unknown


async def test_looking_back_is_for_points_events(club: Club) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    for number in range(4):
        await club.say(club.admin, f"/signup A{number} B{number}")
    await club.say(club.admin, "/draw")
    for command in ("/tables 1", "/standings 1", "/pair A1"):
        [refused] = await club.say(club.member, command)
        assert "for Swiss and group events" in refused, (command, refused)
