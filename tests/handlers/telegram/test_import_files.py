"""``/import`` as Telegram carries the file: a document uploaded to the chat, fetched with one getFile and one
download at the bot's file URL (none for a refusal that needs no file, nor for a size Telegram announced too big),
a caption naming this bot or another, ``/import`` as a reply to a file someone posted, and other groups answered
while a file is read. What the import does with the rows: ``tests.handlers.test_import``."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from tests.handlers.test_import import HEADER, REFUSED, xlsx
from tests.handlers.tournament_helpers import Club
from tests.support import sheet_bombs
from tests.support.telegram import ApiCall
from tests.support.updates import FakeUser, group_chat


async def send_file(club: Club, sender: FakeUser, name: str, content: bytes, caption: str = "/import",
                    **options: Any) -> list[ApiCall]:
    document = club.offline.telegram.upload(name, content)
    return await club.offline.process(club.offline.updates.document(club.chat, sender, document, caption, **options))


async def import_file(club: Club, name: str, content: bytes, caption: str = "/import") -> str:
    replies = await send_file(club, club.admin, name, content, caption)
    assert len(replies) == 1, [call.text for call in replies]
    return replies[0].text


def downloads(club: Club) -> int:
    return len(club.offline.telegram.calls_to("download"))


@pytest.fixture
async def open_cup(club: Club) -> Club:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/signup 老李 老赵")
    return club


async def refused(club: Club, name: str, content: bytes, fragment: str, sender: FakeUser | None = None) -> None:
    before = await club.fingerprint()
    replies = await send_file(club, sender or club.admin, name, content)
    assert len(replies) == 1 and fragment in replies[0].text, [call.text for call in replies]
    assert await club.fingerprint() == before


async def test_a_workbook_is_fetched_with_one_get_file_and_one_download(open_cup: Club, tmp_path: Path) -> None:
    club = open_cup
    reply = await import_file(club, "名单.xlsx", xlsx(tmp_path / "名单.xlsx", [HEADER, ("张三", "李四", "男", "工会")]))
    assert reply.startswith("✅ 已向 <b>周五杯</b> 导入 1 条报名")
    assert [call.method for call in club.offline.telegram.calls_to("getFile")] == ["getFile"]
    assert downloads(club) == 1


async def test_the_caption_may_name_this_bot_and_only_this_bot(open_cup: Club) -> None:
    club = open_cup
    content = "姓名\n张三\n".encode()
    assert await send_file(club, club.admin, "a.csv", content, "/import@otherbot") == []
    assert await send_file(club, club.admin, "a.csv", content, "") == []  # a file without the caption
    assert await send_file(club, club.admin, "a.csv", content, "名单在这里") == []
    assert downloads(club) == 0
    reply = await import_file(club, "a.csv", content, "/IMPORT@guandan_test_bot")
    assert reply.startswith("✅") and downloads(club) == 1


async def test_import_as_a_reply_to_the_file(open_cup: Club) -> None:
    club = open_cup
    document = club.offline.telegram.upload("名单.csv", "姓名\n张三\n".encode())
    posted = club.offline.updates.document(club.chat, club.member, document)["message"]
    assert await club.offline.process({"update_id": 999_999, "message": posted}) == []
    [reply] = await club.say(club.admin, "/import", reply_to=posted)
    assert reply.startswith("✅ 已向 <b>周五杯</b> 导入 1 条报名")


async def test_members_may_not_import_and_the_file_is_not_even_fetched(open_cup: Club) -> None:
    await refused(open_cup, "r.csv", "姓名\n张三\n".encode(), REFUSED, sender=open_cup.member)
    assert downloads(open_cup) == 0 and not open_cup.offline.telegram.calls_to("getFile")


async def test_too_big_files_are_refused_before_downloading(open_cup: Club) -> None:
    club = open_cup
    big = ("姓名\n" + "张三\n" * 300_000).encode()
    assert len(big) > 1024 * 1024
    await refused(club, "big.csv", big, "名单文件最大 1 MB")
    assert downloads(club) == 0
    # A document whose size Telegram did not announce is measured once fetched.
    document = club.offline.telegram.upload("big.csv", big)
    del document["file_size"]
    before = await club.fingerprint()
    [reply] = await club.offline.process(club.offline.updates.document(club.chat, club.admin, document, "/import"))
    assert "名单文件最大 1 MB" in reply.text and await club.fingerprint() == before


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
async def test_other_groups_are_answered_while_a_bomb_is_read(open_cup: Club) -> None:
    """The file is read in a separate process: the event loop keeps serving. (The timing under load is
    ``benchmarks/bench_import_bombs.py``'s.)"""
    club = open_cup
    other = group_chat(-4_000_777, "隔壁群")
    document = club.offline.telegram.upload("名单.xlsx", sheet_bombs.empty_cells())
    importing = asyncio.ensure_future(club.offline.process(
        club.offline.updates.document(club.chat, club.admin, document, "/import")))
    waits = []
    while not importing.done():
        started = time.perf_counter()
        calls = await club.offline.process(club.offline.updates.message(other, club.member, "/help"))
        assert [call for call in calls if call.chat_id == other["id"]]
        waits.append(time.perf_counter() - started)
        await asyncio.sleep(0.02)
    [reply] = [call for call in await importing if call.chat_id == club.chat_id]  # the /help answers overlap it
    assert "单元格超过" in reply.text
    assert len(waits) >= 3 and max(waits) < 1.0, waits
