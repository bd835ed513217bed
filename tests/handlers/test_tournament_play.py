import csv
import io
import json
import random

from bot.tournament.draw_file import verify
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.dispatched import Answer


async def drawn_answers(club: Club, singles: int) -> list[Answer]:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    await club.sign_up_singles(singles)
    calls = await club.calls(club.admin, "/draw")
    assert [call.kind for call in calls] == ["message"] * 4 + ["file"]
    return calls


async def drawn(club: Club, singles: int) -> list[str]:
    return [call.text for call in await drawn_answers(club, singles)]


async def test_the_draw_posts_commitment_pairs_seed_round_one_bracket_and_file(club: Club) -> None:
    answers = await drawn_answers(club, 11)
    commitment, pairs, round_one, bracket, caption = [answer.text for answer in answers]
    state = await club.state()
    assert state.record.commitment is not None and state.record.commitment in commitment
    assert "Sign-up for <b>Cup</b> is closed with 11 entries" in commitment
    assert "5 pairs" in pairs and "Reserves (1)" in pairs and state.record.seed in pairs  # type: ignore[operator]
    assert "3 tables" not in round_one and "Byes (3)" in round_one and "Table 1:" in round_one
    assert "5 pairs, 3 rounds, 3 byes" in bracket and caption == "Draw file of Cup"
    [document] = [answer for answer in answers if answer.kind == "file"]
    name, content = (document.file_name, document.content)
    assert name == f"draw-{state.tournament_id}.json" and verify(content).matches
    assert json.loads(content)["commitment"] == state.record.commitment


async def test_bracket_tables_and_standings_follow_the_play(club: Club) -> None:
    await drawn(club, 16)
    [tables] = await club.say(club.member, "/tables")
    assert "4 of 4 tables open" in tables and "to be played" in tables
    await club.play_round(random.Random(1))
    [tables] = await club.say(club.member, "/tables")
    assert "<b>Semi-finals</b> of Cup: 2 of 2 tables open" in tables
    bracket, picture = await club.say(club.member, "/bracket")
    assert bracket.count(" → ") == 4 and "Final" in bracket and picture == "Bracket of <b>Cup</b>"
    standings, _picture = await club.say(club.member, "/standings")
    assert "standings so far" in standings and standings.count("5.") == 4 and "still playing" in standings
    await club.play_to_the_end(random.Random(2))
    final, picture = await club.say(club.member, "/standings")
    assert "final ranking" in final and "🥇" in final and final.count("🥉") == 2
    assert picture == "Standings of <b>Cup</b>"
    [done] = await club.say(club.member, "/tables")
    assert "Every table of this round is done." in done


async def test_export_sends_two_csv_documents(club: Club) -> None:
    await drawn(club, 6)
    await club.play_round(random.Random(3))
    calls = await club.calls(club.member, "/export")
    assert [call.file_name for call in calls] == ["entries.csv", "matches.csv", "standings.csv",
                                                             "tournament.xlsx"]
    entries = calls[0].content
    matches = calls[1].content
    assert entries.startswith(b"\xef\xbb\xbf") and matches.startswith(b"\xef\xbb\xbf")
    header = next(csv.reader(io.StringIO(matches.decode("utf-8-sig"))))
    assert header == ["round", "stage", "table", "left", "right", "left_level", "right_level", "winner", "status",
                      "group", "left_points", "right_points"]
    assert calls[0].text == "Entries of Cup"


async def test_nothing_to_show_before_a_tournament_or_before_the_draw(club: Club) -> None:
    await club.say(club.admin, "/lang en")
    for command in ("/tables", "/bracket", "/standings", "/entries", "/export", "/settings"):
        [reply] = await club.say(club.member, command)
        assert "has had no tournament yet" in reply, command
    await club.say(club.admin, "/new Cup")
    for command in ("/tables", "/bracket", "/standings"):
        [reply] = await club.say(club.member, command)
        assert "has not been drawn yet" in reply, command
