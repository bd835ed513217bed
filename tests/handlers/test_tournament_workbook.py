"""``/export`` through the real application: the two CSVs exactly as before, then ``tournament.xlsx``, whose every
cell is checked against the tournament (the CSVs, the engine's standings and the stored history)."""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Sequence
from zoneinfo import ZoneInfo

from openpyxl import load_workbook

from bot.services.caller import Caller, ChatKind
from bot.services.tournament.export import export_tournament
from bot.tournament.standings import standings
from storage import history
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.telegram import ApiCall

Row = tuple[object, ...]


def csv_rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def as_cells(rows: list[list[str]], numbers: Sequence[int] = ()) -> list[Row]:
    """CSV rows as the workbook stores them: empty fields are empty cells, the ``numbers`` columns numbers."""
    header, *body = rows
    return [tuple(header)] + [
        tuple(None if not value else int(value) if index in numbers else value for index, value in enumerate(row))
        for row in body
    ]


def sheet(data: bytes, name: str) -> list[Row]:
    workbook = load_workbook(io.BytesIO(data))
    assert workbook.sheetnames == ["entries", "matches", "standings", "history", "ranking"]
    return list(workbook[name].iter_rows(values_only=True))


def documents(calls: list[ApiCall]) -> dict[str, bytes]:
    return dict((call.file_name, call.content) for call in calls)


async def test_export_sends_the_csvs_unchanged_then_a_workbook_matching_the_tournament(club: Club) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    await club.say(club.admin, "/set final bo3")
    await club.say(club.admin, "/signup 张三 李四")
    await club.sign_up_singles(10)
    await club.say(club.admin, "/draw")
    await club.play_to_the_end(random.Random(4), by_players=False)

    calls = await club.calls(club.member, "/export")
    assert [call.kind for call in calls] == ["file"] * 4
    assert [call.text for call in calls] == [
        "Entries of Cup", "Matches of Cup", "Standings of Cup",
        "Everything of Cup in one workbook: entries, matches, standings, history"]
    files = documents(calls)
    assert list(files) == ["entries.csv", "matches.csv", "standings.csv", "tournament.xlsx"]
    services = club.bot.services
    exported = await export_tournament(services, Caller(club.chat_id, ChatKind.GROUP))
    assert files["entries.csv"] == exported.entries_csv and files["matches.csv"] == exported.matches_csv
    assert csv_rows(files["matches.csv"])[0] == [
        "round", "stage", "table", "left", "right", "left_level", "right_level", "winner", "status", "group",
        "left_points", "right_points"]

    workbook = files["tournament.xlsx"]
    assert sheet(workbook, "entries") == as_cells(csv_rows(files["entries.csv"]))
    assert sheet(workbook, "matches") == as_cells(csv_rows(files["matches.csv"]), numbers=(0, 2, 10, 11))
    # standings.csv of a knockout: the placings, the points-event columns empty; the ranking sheet holds the same.
    assert sheet(workbook, "ranking") == as_cells(csv_rows(files["standings.csv"]), numbers=(0, 2, 5, 6, 8, 9, 11, 13))
    champion = csv_rows(files["standings.csv"])[1]
    assert champion[0] == "1" and champion[3] == champion[4] == champion[7] == champion[10] == ""
    finals = [row for row in sheet(workbook, "matches")[1:] if row[0] == 3 and row[1] == "main"]
    assert len(finals) >= 2  # the best-of-three final: one row per game

    state = await club.state()
    table = standings(state.require_bracket())
    expected_standings = [("place", "name", "points", "note")] + [
        (placing.place, placing.team.name, placing.points, None) for placing in table.placings]
    got_standings = sheet(workbook, "standings")
    assert [row[:3] for row in got_standings] == [row[:3] for row in expected_standings]
    notes = [row[3] for row in got_standings[1:]]
    assert notes[:4] == ["Champion", "Runner-up", "Third place", "Third place"]
    assert set(notes[4:]) == {"Out in Quarter-finals"}

    async with services.storage.read() as tx:
        stored = await history.for_tournament(tx, state.tournament_id)
    zone = ZoneInfo(state.record.settings.timezone)
    # People by name, never by their keys or Telegram ids.
    names = {f"tg:{user.user_id}": user.display_name for user in (*club.people.values(), club.admin, club.member)}
    names |= {person.key: person.name for entry in state.registration.entries for person in entry.members}

    def shown(value: object) -> str:
        if isinstance(value, list):
            return " / ".join(names.get(key, key) for key in value)
        return names.get(value, value) if isinstance(value, str) else json.dumps(value, ensure_ascii=False)

    expected_history = [("at", "actor", "kind", "details")] + [
        (entry.at.astimezone(zone).isoformat(timespec="seconds"), names.get(entry.actor, entry.actor), entry.kind,
         "; ".join(f"{key}={shown(value)}" for key, value in entry.details.items()) or None)
        for entry in stored]
    got_history = sheet(workbook, "history")
    assert got_history == expected_history
    assert "tg:" not in repr(got_history) and "name:" not in repr(got_history)
    assert any(row[1] == "老王" for row in got_history)
    kinds = [row[2] for row in got_history[1:]]
    assert "entry.signed_up" in kinds and len(kinds) == len(stored) > 20


async def test_before_the_draw_the_workbook_holds_the_entries(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/signup 张三 李四")
    await club.say(club.admin, "/signup =1+1")
    files = documents(await club.calls(club.member, "/export"))
    workbook = files["tournament.xlsx"]
    assert sheet(workbook, "entries") == [
        ("name", "members", "unit", "status", "gender"), ("张三 / 李四", "张三 / 李四", None, "pair", None),
        ("=1+1", "=1+1", None, "single", None)]  # a name stays text, never a formula
    assert sheet(workbook, "matches") == [
        ("round", "stage", "table", "left", "right", "left_level", "right_level", "winner", "status", "group",
         "left_points", "right_points")]
    assert sheet(workbook, "standings") == [("place", "name", "points", "note")]
    assert [row[2] for row in sheet(workbook, "history")] == [
        "kind", "tournament.created", "draw.committed", "entry.signed_up", "entry.signed_up"]


async def test_names_that_start_a_formula_are_text_in_every_export(club: Club) -> None:
    """An organiser (anyone who adds the bot to a group) types a formula as a name; the CSVs
    prefix it with ' (a spreadsheet shows it as text), the workbook keeps it a text cell."""
    await club.say(club.admin, "/new 周五杯")
    # One argument: forgiving separates words at commas, so the formula is one without a comma.
    await club.say(club.admin, "/signup =HYPERLINK(\"http://evil\") 张三")
    await club.say(club.admin, "/signup +SUM(A1)")
    await club.say(club.admin, "/signup -2+3+cmd|'/C calc'!A0")
    await club.sign_up_singles(2)
    files = documents(await club.calls(club.member, "/export"))
    entries = csv_rows(files["entries.csv"])
    assert entries[1][:2] == ["'=HYPERLINK(\"http://evil\") / 张三"] * 2
    assert entries[2][:2] == ["'+SUM(A1)"] * 2
    assert entries[3][0] == "'-2+3+cmd|'/C / calc'!A0"  # read as a pair of two names
    assert sheet(files["tournament.xlsx"], "entries")[2][:2] == ("+SUM(A1)", "+SUM(A1)")

    await club.say(club.admin, "/draw")
    files = documents(await club.calls(club.member, "/export"))
    names = {cell for row in csv_rows(files["matches.csv"])[1:] for cell in row[3:5]}
    assert all(not name or name[0] not in "=+-@" for name in names), names
    assert any(name.startswith("'") for name in names)
