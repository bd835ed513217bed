"""``/import`` on the dispatcher: .xlsx and .csv rosters sent with the command, read apart from the bot's process,
then every row imported or none (and on refusal nothing changes, nothing is downloaded that need not be). (Files as
Telegram carries them — getFile and the download, captions, a reply to a posted file:
``tests.handlers.telegram.test_import_files``.)"""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook
from PIL import Image

from bot.i18n import t
from bot.services.caller import ChatUser
from bot.services.tournament import roster_reading
from bot.tournament.entries import EntryStatus, Gender
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support import sheet_bombs
from tests.support.dispatched import Answer, Chat, attached

REFUSED = "只有群主、群管理员或比赛组织者可以这样做。"
HEADER = ("姓名", "搭档", "性别", "单位")


def xlsx(path: Path, rows: Sequence[Sequence[object]]) -> bytes:
    """A real workbook, saved to disk and read back as a person's upload would be."""
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    for row in rows:
        sheet.append(list(row))
    workbook.save(path)
    return path.read_bytes()


def png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(buffer, "PNG")
    return buffer.getvalue()


async def send_file(club: Club, sender: ChatUser, name: str, content: bytes, caption: str = "/import",
                    *, announced: bool = True) -> list[Answer]:
    return await club.send_file(sender, name, content, caption, announced=announced)


async def import_file(club: Club, name: str, content: bytes, caption: str = "/import") -> str:
    replies = await send_file(club, club.admin, name, content, caption)
    assert len(replies) == 1, [call.text for call in replies]
    return replies[0].text


def downloads(club: Club) -> int:
    return club.downloads


@pytest.fixture
async def open_cup(club: Club) -> Club:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/signup 老李 老赵")
    return club


async def test_a_good_workbook_signs_up_pairs_and_singles(open_cup: Club, tmp_path: Path) -> None:
    club = open_cup
    reply = await import_file(club, "名单.xlsx", xlsx(tmp_path / "名单.xlsx", [
        ("2026 春季掼蛋赛报名表",),
        HEADER,
        ("张三", "李四", "男", "工会"),
        (None, None, None, None),  # an empty row is skipped
        (" 王  五 ", None, "女", "财务处"),
        ("Zoë", "Ａｎｎ", None, None),
    ]))
    assert reply.splitlines() == [
        "✅ 已向 <b>周五杯</b> 导入 3 条报名：2 对搭档，1 人单独报名（抽签时配对）。",
        "目前共有 4 条报名，发送 /entries 查看。",
    ]
    entries = (await club.state()).registration.entries
    assert [entry.name for entry in entries] == ["老李 / 老赵", "张三 / 李四", "王 五", "Zoë / Ａｎｎ"]
    assert [person.unit for person in entries[1].members] == ["工会", "工会"]
    assert entries[1].members[0].gender is Gender.MALE and entries[2].members[0].gender is Gender.FEMALE
    assert entries[3].members[1].key == "name:ann"  # cleaned like /signup: width folded for the key
    assert downloads(club) == 1
    listing = await club.say(club.member, "/entries")
    assert "张三 / 李四" in listing[0]


async def test_a_good_csv_in_mixed_mode(club: Club) -> None:
    await club.say(club.admin, "/new 男女混双")
    await club.say(club.admin, "/mode mixed")
    text = "name,gender,unit\r\nAnn,f,Lab\r\nBo,m,Lab\r\nCy,男,\r\n\r\nDi,女,\r\n"
    reply = await import_file(club, "roster.csv", text.encode("gb18030"))
    assert reply.splitlines()[0] == "✅ 已向 <b>男女混双</b> 导入 4 名选手：男 2 人，女 2 人。"
    registration = (await club.state()).registration
    assert [(entry.name, entry.members[0].gender) for entry in registration.entries] == [
        ("Ann", Gender.FEMALE), ("Bo", Gender.MALE), ("Cy", Gender.MALE), ("Di", Gender.FEMALE)]


async def test_full_places_send_the_rest_to_the_reserve_list(open_cup: Club) -> None:
    club = open_cup
    await club.say(club.admin, "/set capacity 2")
    reply = await import_file(club, "r.csv", "姓名,搭档\n甲,乙\n丙,丁\n戊,\n".encode())
    assert "其中 2 条因名额已满进入候补名单。" in reply
    statuses = [entry.status for entry in (await club.state()).registration.entries]
    assert statuses == [EntryStatus.ACTIVE, EntryStatus.ACTIVE, EntryStatus.WAITING, EntryStatus.WAITING]


async def test_import_without_a_file_explains_how(open_cup: Club) -> None:
    [reply] = await open_cup.say(open_cup.admin, "/import")
    assert "请直接发送名单文件" in reply and "用法" in reply


async def refused(club: Club, name: str, content: bytes, fragment: str, sender: ChatUser | None = None) -> None:
    before = await club.fingerprint()
    replies = await send_file(club, sender or club.admin, name, content)
    assert len(replies) == 1 and fragment in replies[0].text, [call.text for call in replies]
    assert await club.fingerprint() == before


@pytest.mark.parametrize(
    ("rows", "fragment"),
    [
        ([("序号", "搭档", "性别"), (1, "李四", "男")], "没有找到姓名列"),
        ([HEADER], "名单里没有任何姓名"),
        ([HEADER, (None,), ("  ",)], "名单里没有任何姓名"),
    ],
)
async def test_rosters_without_names(open_cup: Club, tmp_path: Path, rows: list[tuple[object, ...]],
                                     fragment: str) -> None:
    await refused(open_cup, "r.xlsx", xlsx(tmp_path / "r.xlsx", rows), fragment)


async def test_every_problem_is_listed_and_nothing_is_imported(open_cup: Club, tmp_path: Path) -> None:
    club = open_cup
    content = xlsx(tmp_path / "r.xlsx", [
        HEADER,
        ("张三", "李四", "男", None),
        ("王五", None, "x", None),
        (None, None, None, None),
        ("李四", None, "女", None),
        ("老李", None, None, None),  # signed up already
        ("<b>赵六</b>", None, "中性", None),
    ])
    before = await club.fingerprint()
    [reply] = [call.text for call in await send_file(club, club.admin, "r.xlsx", content)]
    assert reply.splitlines() == [
        "未导入任何名单：发现 4 个问题。请修改后重新发送文件。",
        "第 3 行：无法识别性别“x”，请填写 男 或 女（m 或 f），或留空。",
        "第 5 行：“李四”已在第 2 行出现。",
        "第 6 行：“老李”已经报名了本次比赛。",
        "第 7 行：无法识别性别“中性”，请填写 男 或 女（m 或 f），或留空。",
    ]
    assert await club.fingerprint() == before


async def test_mixed_mode_rows_need_a_gender_and_no_partner(club: Club) -> None:
    await club.say(club.admin, "/new 男女混双")
    await club.say(club.admin, "/mode mixed")
    await refused(club, "r.csv", "姓名,搭档,性别\n张三,,男\n李四,王五,女\n赵六,,\n".encode(),
                  "第 3 行：本次比赛男女抽签配对，搭档一栏请留空。")
    await refused(club, "r.csv", "姓名,性别\n赵六,\n".encode(), "请填写“赵六”的性别")


async def test_names_are_escaped_in_the_report(open_cup: Club) -> None:
    replies = await send_file(open_cup, open_cup.admin, "r.csv", b"name,gender\nx,<b>\n")
    assert "性别“&lt;b&gt;”" in replies[0].text
    replies = await send_file(open_cup, open_cup.admin, "r.csv", b"name,partner\n<i>x</i>,<I>X</I>\n")
    assert "“&lt;i&gt;x&lt;/i&gt;”不能做自己的搭档" in replies[0].text


async def test_two_thousand_rows(open_cup: Club, tmp_path: Path) -> None:
    club = open_cup
    rows = [HEADER] + [(f"选手{index}", f"搭档{index}", "男" if index % 2 else "女", f"单位{index % 9}")
                       for index in range(2000)]
    reply = await import_file(club, "big.xlsx", xlsx(tmp_path / "big.xlsx", rows))
    assert reply.startswith("✅ 已向 <b>周五杯</b> 导入 2000 条报名：2000 对搭档，0 人单独报名")
    entries = (await club.state()).registration.entries
    assert len(entries) == 2001 and entries[-1].name == "选手1999 / 搭档1999"
    assert {person.unit for entry in entries[1:] for person in entry.members} == {f"单位{unit}" for unit in range(9)}


@pytest.mark.parametrize(
    ("name", "content", "fragment"),
    [
        ("photo.png", png(), "这不是表格文件"),
        ("old.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "旧版 Excel"),
        ("empty.csv", b"", "文件是空的"),
        ("名单.xlsx", b"PK\x03\x04 not really a workbook", "这不是表格文件"),
    ],
)
async def test_files_that_are_not_spreadsheets(open_cup: Club, name: str, content: bytes, fragment: str) -> None:
    await refused(open_cup, name, content, fragment)


async def test_members_may_not_import_and_the_file_is_not_even_fetched(open_cup: Club) -> None:
    await refused(open_cup, "r.csv", "姓名\n张三\n".encode(), REFUSED, sender=open_cup.member)
    assert downloads(open_cup) == 0


async def test_too_big_files_are_refused_before_downloading(open_cup: Club) -> None:
    club = open_cup
    big = ("姓名\n" + "张三\n" * 300_000).encode()
    assert len(big) > 1024 * 1024
    await refused(club, "big.csv", big, "名单文件最大 1 MB")
    assert downloads(club) == 0
    # A file whose size the platform did not announce is measured once fetched.
    before = await club.fingerprint()
    [reply] = await send_file(club, club.admin, "big.csv", big, announced=False)
    assert "名单文件最大 1 MB" in reply.text and await club.fingerprint() == before


async def test_only_while_registration_is_open(club: Club) -> None:
    content = "姓名\n张三\n".encode()
    await refused(club, "r.csv", content, "本群目前没有进行中的比赛")
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    await club.say(club.admin, "/draw")
    await refused(club, "r.csv", content, "已经抽签")
    assert downloads(club) == 0


async def test_only_in_groups(club: Club) -> None:
    [reply] = await club.bot.answers(Chat.private(club.admin), club.admin, "/import",
                                     file=attached("r.csv", "姓名\n张三\n".encode()))
    usage = t("commands.usage.import", "zh")
    assert reply.text == "这个命令只能在群聊中使用。\n" + usage and "不超过 1 MB" in usage


# Hostile files are refused at a limit, read apart from the bot's process.
@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@pytest.mark.parametrize(("bomb", "fragment"), [
    (sheet_bombs.empty_cells, "单元格超过 250000 个"),
    (sheet_bombs.shared_strings, "不同文字超过 100000 条"),
    (sheet_bombs.one_long_row, "第 2 行的单元格超过 1000 个"),
], ids=list(sheet_bombs.BOMBS))
async def test_spreadsheet_bombs_are_refused_at_their_limit(open_cup: Club, bomb: Any, fragment: str) -> None:
    await refused(open_cup, "名单.xlsx", bomb(), fragment)


async def test_a_csv_field_over_131072_characters_is_refused_naming_it(open_cup: Club) -> None:
    """It crashed the import (the apology): csv's own field limit."""
    await refused(open_cup, "r.csv", ("姓名,备注\n张三," + "x" * 131_073 + "\n").encode(), "第 2 行 B 列")


async def test_a_read_that_outlives_its_budget_is_stopped_and_refused(
    open_cup: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(roster_reading, "READER_MODULE", "tests.support.stuck_roster_reader")
    monkeypatch.setattr(roster_reading, "READ_BUDGET_SECONDS", 0.5)
    started = time.perf_counter()
    await refused(open_cup, "r.csv", "姓名\n张三\n".encode(), "超过了 0.5 秒")
    assert time.perf_counter() - started < 5


async def test_a_reader_that_dies_is_a_file_that_cannot_be_read(
    open_cup: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(roster_reading, "READER_MODULE", "tests.support.stuck_roster_reader")
    original = asyncio.create_subprocess_exec

    async def crashing(*args: Any, **kwargs: Any) -> Any:
        return await original(*args, "crash", **kwargs)

    monkeypatch.setattr(asyncio, "create_subprocess_exec", crashing)
    await refused(open_cup, "r.csv", "姓名\n张三\n".encode(), t("sheets.bad_file", "zh"))
