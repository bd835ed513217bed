"""Results at Swiss and group tables get what results at knockout tables get (the integration of results15, hostile
and swiss2): impossible results refused (no draw and no winner below A+ without a time limit, never both past A),
a mirrored report answered by who won, "we won" told from one's side, a correction after the end waiting for
its confirmation (its buttons made for the points table); ``/undraw`` of a Swiss draw with a resealed seed; and the
offline ``python -m bot export`` writing the files ``/export`` sends."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from pathlib import Path

import pytest

from bot.cli import export as export_cli
from bot.i18n import Language, has
from bot.ruleset.scoring import Side
from bot.services.tournament.archive import archive_tournaments
from bot.tournament.draw_file import verify
from handlers.commands.buttons import BUTTONS
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.dispatched import Answer


async def swiss(club: Club, *settings: str, pairs: int = 4) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set format swiss")
    for setting in settings:
        await club.say(club.admin, setting)
    await club.sign_up_singles(2 * pairs)
    await club.say(club.admin, "/draw")


def data_of(answer: Answer) -> list[str]:
    return [data for row in answer.rows() for _, data in row]


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
async def test_without_a_time_limit_a_draw_and_a_winner_below_a_are_refused_at_a_swiss_table(club: Club) -> None:
    await swiss(club)
    match = (await club.state()).points_stage.table_matches()[0]  # type: ignore[union-attr]
    before = await club.fingerprint()
    [draw] = await club.say(club.seat(match, Side.LEFT), f"/result {match.table} K K")
    assert "不会打成平局" in draw
    [below] = await club.say(club.seat(match, Side.LEFT), f"/result {match.table} K A")
    assert "胜方应当是 A+" in below
    [both] = await club.say(club.seat(match, Side.LEFT), f"/result {match.table} A+ A+")
    assert "只能有一对是 A+" in both
    assert await club.fingerprint() == before


async def test_a_mirrored_report_and_we_won_at_a_swiss_table(club: Club) -> None:
    await swiss(club, "/set time_limit 50")
    state = await club.state()
    assert state.points_stage is not None
    first, second = state.points_stage.table_matches()
    await club.say(club.seat(first, Side.LEFT), f"/result {first.table} K A+")
    calls = await club.calls(club.seat(first, Side.RIGHT), f"/result {first.table} A+ K")
    assert "左右正好相反" in calls[0].text and "谁赢了" in calls[0].text
    assert [data.split(":")[2] for data in data_of(calls[0])] == ["pw", "pw"]  # who won, at a points table
    assert first.right is not None
    replies, _answer = await club.tap(club.seat(first, Side.RIGHT), calls[0], f"{first.right.name} 胜")
    assert replies[0].text.startswith("✅") and "K : A+" in replies[0].text
    assert (await club.state()).points_stage.match(first.match_id).state.decided  # type: ignore[union-attr]
    [reported] = await club.say(club.seat(second, Side.RIGHT), f"/result {second.table} 赢 A+ 10")
    assert "📝" in reported
    games_or_report = (await club.state()).points_stage.match(second.match_id).reports  # type: ignore[union-attr]
    assert str(games_or_report[-1].outcome.left_level) == "10" and games_or_report[-1].outcome.winner is Side.RIGHT


async def test_a_correction_after_the_last_swiss_round_waits_for_its_confirmation(club: Club) -> None:
    await swiss(club, "/set time_limit 50")
    rng = random.Random(3)
    for _ in range(2):
        event = (await club.state()).points_stage
        assert event is not None
        for match in event.playable():
            left, right = rng.sample(("6", "9", "K", "A+"), 2)
            await club.say(club.admin, f"/result {match.table} {left} {right}")
    state = await club.state()
    assert state.record.status.value == "finished" and state.points_stage is not None
    match = state.points_stage.table_matches(2)[0]
    before = await club.fingerprint()
    calls = await club.calls(club.admin, f"/result 2-{match.table} 2 A+")
    assert "冠军已经公布" in calls[0].text and await club.fingerprint() == before
    assert [data.split(":")[2] for data in data_of(calls[0])] == ["pk"]
    replies, answer = await club.tap(club.admin, calls[0], "确认更正")
    assert "已更正" in replies[0].text, [call.text for call in replies]
    corrected = (await club.state()).points_stage.match(match.match_id)  # type: ignore[union-attr]
    assert str(corrected.games[-1].outcome) == "2 A+"


async def test_undraw_of_a_swiss_draw_and_the_redraw_file(club: Club) -> None:
    await swiss(club, "/set time_limit 50")
    [undone] = await club.say(club.admin, "/undraw")
    assert "抽签已撤销" in undone
    state = await club.state()
    assert state.points_stage is None and not state.drawn
    calls = await club.calls(club.admin, "/draw")
    assert "撤销抽签时已公布指纹" in calls[0].text
    [document] = [call for call in calls
                  if call.kind == "file" and call.file_name.endswith(".json")]
    content = document.content
    drawn = json.loads(content)
    assert drawn["version"] == 3 and drawn["event"]["format"] == "swiss" and drawn["commitment"] in undone
    assert verify(content).matches
    match = (await club.state()).points_stage.table_matches()[0]  # type: ignore[union-attr]
    await club.say(club.admin, f"/result {match.table} 9 A+")
    [refused] = await club.say(club.admin, "/undraw")
    assert "不能再撤销抽签" in refused


async def test_the_offline_export_writes_the_files_export_sends(club: Club) -> None:
    await swiss(club, "/set time_limit 50", pairs=5)
    event = (await club.state()).points_stage
    assert event is not None
    for match in event.playable():
        await club.say(club.admin, f"/result {match.table} K K")
    sent = {call.file_name: call.content for call in await club.calls(club.member, "/export")}
    [archived] = await archive_tournaments(club.bot.services, Language.ZH)
    for name in ("entries.csv", "matches.csv", "standings.csv"):
        assert archived.files[name] == sent[name], name
    assert b"draw" in archived.files["matches.csv"] and b",13," in archived.files["standings.csv"]


async def test_mytable_and_substitute_in_a_swiss_event(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    for setting in ("/set format swiss", "/set time_limit 50"):
        await club.say(club.admin, setting)
    await club.sign_up_singles(9)  # four pairs and a reserve
    await club.say(club.admin, "/draw")
    state = await club.state()
    assert state.points_stage is not None and len(state.reserves) == 1
    match = state.points_stage.table_matches()[0]
    player = club.seat(match, Side.LEFT)
    [mine] = await club.say(player, "/mytable")
    assert f"你们在第 {match.table} 桌" in mine and "积分赛第 1 轮" in mine
    [reserve_reply] = await club.say(club.by_key(state.reserves[0].key), "/mytable")
    assert "替补" in reserve_reply
    leaving, coming = player.display_name, state.reserves[0].name
    [done] = await club.say(club.admin, f"/substitute {leaving} {coming}")
    assert coming in done
    after = await club.state()
    assert after.points_stage is not None and coming in after.points_stage.match(match.match_id).team(Side.LEFT).name  # type: ignore[union-attr]
    club.bot.services.tournaments.clear()  # the stored event reads back the same
    assert (await club.state()).points_stage == after.points_stage
    await club.say(club.admin, f"/result {match.table} 9 A+")
    [played] = await club.say(club.by_key(state.reserves[0].key), "/mytable")
    assert "成绩已经出来了" in played


def test_every_tournament_button_has_its_command_for_wecom() -> None:
    """WeCom shows the command of a button no card can carry (``handlers.wecom.platform.buttons_as_text``)."""
    for spec in BUTTONS:
        for language in Language:
            assert has(f"wecom.command.{spec.action}", language), (spec.action, language)


async def test_the_offline_export_in_chinese_writes_what_export_zh_sends(club: Club, tmp_path: Path) -> None:
    """``python -m bot export --lang zh`` wrote English headers, unlike ``/export zh``."""
    await swiss(club, "/set time_limit 50", pairs=5)
    event = (await club.state()).points_stage
    assert event is not None
    for match in event.playable():
        await club.say(club.admin, f"/result {match.table} K A")
    sent = {call.file_name: call.content
            for call in await club.calls(club.member, "/export zh")}
    services = club.bot.services
    [archived] = await archive_tournaments(services, Language.ZH, Language.ZH)
    for name in ("entries.csv", "matches.csv", "standings.csv"):
        assert archived.files[name] == sent[name], name
    parser = argparse.ArgumentParser()
    export_cli.configure(parser)
    database = str(services.settings.db_path)
    zh = parser.parse_args(["--db", database, "--out", str(tmp_path / "zh"), "--lang", "zh"])
    assert await asyncio.to_thread(export_cli.run, zh) == 0
    [folder] = (tmp_path / "zh").iterdir()
    header = (folder / "standings.csv").read_bytes().decode("utf-8-sig").splitlines()[0]
    assert header == sent["standings.csv"].decode("utf-8-sig").splitlines()[0] and "名次" in header
    plain_args = parser.parse_args(["--db", database, "--out", str(tmp_path / "plain")])
    assert await asyncio.to_thread(export_cli.run, plain_args) == 0
    [plain] = (tmp_path / "plain").iterdir()
    assert (plain / "standings.csv").read_bytes().decode("utf-8-sig").startswith("rank,name,points")
