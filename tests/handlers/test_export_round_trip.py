"""Exports in the club's language and back: ``/export zh`` (headers and words in Chinese, the default
still the contract's English), the gender column of ``entries.csv``, and last week's export imported as it is
into this week's tournament (``/import`` accepts the headers ``/export`` writes, in both languages)."""

from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook

from bot.i18n import Language
from bot.ruleset.scoring import Side
from bot.sheets.matches import MatchRow, MatchStatus, Stage
from bot.sheets.matches_csv import write_matches_csv
from bot.tournament.entries import EntryStatus, Gender
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.dispatched import Answer, Chat, attached

THIS_WEEK = Chat.group(-4_000_555, "周五掼蛋（本周）")


def documents(calls: list[Answer]) -> dict[str, bytes]:
    return {call.file_name: call.content for call in calls if call.kind == "file" and call.file_name is not None}


def csv_rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


async def last_week(club: Club, mode: str, *, draw: bool = True) -> None:
    """A tournament with named people, a Telegram member, a withdrawal, then (``draw``) the draw."""
    await club.say(club.admin, "/new 上周杯")
    await club.say(club.admin, f"/mode {mode}")
    if mode == "mixed":
        for line in ("/signup 张三 男", "/signup 李红 女", "/signup 王五 男", "/signup 刘奶奶 女", "/signup 赵六 男"):
            await club.say(club.admin, line)
        await club.say(club.person(1, "Lily"), "/signup 女")
        await club.say(club.admin, "/withdraw 赵六")
    else:
        for line in ("/signup 张三 李四", "/signup 王五", "/signup 刘奶奶", "/signup 赵六 钱七"):
            await club.say(club.admin, line)
        await club.say(club.person(1, "Lily"), "/signup")
        await club.say(club.admin, "/withdraw 赵六")
    if draw:
        await club.say(club.admin, "/draw")


async def entries_of(club: Club, chat: Chat) -> list[tuple[tuple[str, ...], tuple[Gender | None, ...]]]:
    from bot.services.tournament.state import read_state

    state = await read_state(club.bot.services, chat.chat_id)
    return sorted((tuple(person.name for person in entry.members), tuple(person.gender for person in entry.members))
                  for entry in state.registration.entries if entry.status is EntryStatus.ACTIVE)


async def test_the_default_export_stays_english_and_export_zh_speaks_chinese(club: Club) -> None:
    await last_week(club, "mixed")
    english = documents(await club.calls(club.member, "/export"))
    rows = csv_rows(english["entries.csv"])
    assert rows[0] == ["name", "members", "unit", "status", "gender"]
    assert [row[3:] for row in rows[1:]] == [["pair", "m / f"], ["pair", "m / f"], ["reserve", "f"]]
    assert csv_rows(english["matches.csv"])[0][0] == "round"
    chinese = documents(await club.calls(club.member, "/export zh"))
    rows = csv_rows(chinese["entries.csv"])
    assert rows[0] == ["名称", "成员", "单位", "状态", "性别"]
    assert [row[3:] for row in rows[1:]] == [["组队", "男 / 女"], ["组队", "男 / 女"], ["候补", "女"]]
    matches = csv_rows(chinese["matches.csv"])
    # swiss2 added the last column group (and the workbook's ranking sheet)
    assert matches[0] == ["轮次", "阶段", "桌号", "左方", "右方", "左方级数", "右方级数", "胜方", "状态", "小组",
                          "左方得分", "右方得分"]
    assert [(row[1], row[8]) for row in matches[1:]] == [("正赛", "进行中")]
    workbook = load_workbook(io.BytesIO(chinese["tournament.xlsx"]))
    assert workbook.sheetnames == ["entries", "matches", "standings", "history", "ranking"]  # names stay
    assert next(workbook["entries"].iter_rows(values_only=True)) == ("名称", "成员", "单位", "状态", "性别")
    assert next(workbook["history"].iter_rows(values_only=True)) == ("时间", "操作人", "事件", "详情")
    [refused] = await club.say(club.member, "/export fr")
    assert "不支持“fr”这种语言" in refused


async def import_elsewhere(club: Club, mode: str, exported: bytes) -> str:
    club.bot.set_admins(THIS_WEEK, club.admin)
    await club.bot.say(THIS_WEEK, club.admin, "/new 本周杯")
    await club.bot.say(THIS_WEEK, club.admin, f"/mode {mode}")
    [imported] = await club.bot.answers(THIS_WEEK, club.admin, "/import", file=attached("entries.csv", exported))
    return imported.text


@pytest.mark.parametrize("language", ["", " zh"])
async def test_last_weeks_mixed_export_imports_as_it_is(club: Club, language: str) -> None:
    await last_week(club, "mixed")
    exported = documents(await club.calls(club.member, "/export" + language))["entries.csv"]
    reply = await import_elsewhere(club, "mixed", exported)
    assert reply.startswith("✅"), reply
    # Everyone drawn last week again, each alone with their gender (the draw pairs men with women anew); the
    # withdrawn 赵六 not at all.
    assert await entries_of(club, THIS_WEEK) == [
        (("Lily",), (Gender.FEMALE,)), (("刘奶奶",), (Gender.FEMALE,)), (("张三",), (Gender.MALE,)),
        (("李红",), (Gender.FEMALE,)), (("王五",), (Gender.MALE,))]


@pytest.mark.parametrize("language", ["", " zh"])
async def test_last_weeks_pairs_export_imports_as_it_is(club: Club, language: str) -> None:
    await last_week(club, "pairs")
    state_pairs = sorted(tuple(names) for names, _ in await entries_of(club, club.chat) if len(names) == 2)
    exported = documents(await club.calls(club.member, "/export" + language))["entries.csv"]
    reply = await import_elsewhere(club, "pairs", exported)
    assert reply.startswith("✅"), reply
    after = await entries_of(club, THIS_WEEK)
    # The drawn pairs stay pairs, the reserve signs up alone; nobody is lost or added.
    assert sorted(name for names, _ in after for name in names) == ["Lily", "刘奶奶", "张三", "李四", "王五"]
    assert (("张三", "李四"), (None, None)) in after and [len(names) for names, _ in after].count(2) == 2
    assert state_pairs == [("张三", "李四")]


async def test_an_export_before_the_draw_leaves_the_withdrawn_out(club: Club) -> None:
    await last_week(club, "pairs", draw=False)
    exported = documents(await club.calls(club.member, "/export zh"))["entries.csv"]
    assert "已退出" in exported.decode("utf-8-sig")
    assert (await import_elsewhere(club, "pairs", exported)).startswith("✅")
    assert await entries_of(club, THIS_WEEK) == await entries_of(club, club.chat)


def test_matches_csv_words_in_chinese() -> None:
    rows = [MatchRow.bye(1, "张三 / 李四"),
            MatchRow(2, Stage.THIRD_PLACE, 1, "甲 / 乙", "丙 / 丁", winner=Side.RIGHT, status=MatchStatus.FORFEIT)]
    assert csv_rows(write_matches_csv(rows, Language.ZH))[1:] == [
        ["1", "正赛", "", "张三 / 李四", "轮空", "", "", "左方", "轮空", "", "", ""],
        ["2", "季军赛", "1", "甲 / 乙", "丙 / 丁", "", "", "右方", "弃权", "", "", ""]]
    assert write_matches_csv(rows, Language.EN) == write_matches_csv(rows)
