"""Looking back on an evening (issue 22 §5) through the chat: each match's points in ``matches.csv``, earlier
rounds' tables and standings, one pair's evening."""

from __future__ import annotations

import csv
import io
from collections import Counter

from tests.handlers.tournament_helpers import Club


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
    assert state.event is not None
    for match, result in zip(state.event.playable(), results, strict=False):
        await club.say(club.admin, f"/result {match.table} {result}")


async def exported(club: Club, name: str) -> list[dict[str, str]]:
    calls = await club.calls(club.member, "/export")
    return csv_records(dict(call.files["document"] for call in calls)[name])


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

