"""A notice as Telegram carries it: a document uploaded to the chat (getFile and a download), ``/notice`` as the
organiser's reply to a document someone posted, a member's document refused before any download, and other groups
answered while a notice file is read."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.services.tournament import notice as notice_service
from tests.handlers.test_notice import REFUSED, SHORT, one
from tests.handlers.tournament_helpers import Club
from tests.rules.notice_files import docx
from tests.support.telegram import ApiCall
from tests.support.updates import FakeUser, group_chat


@pytest.fixture
async def cup(club: Club) -> Club:
    await club.say(club.admin, "/new 周五杯")
    return club


async def send_file(club: Club, sender: FakeUser, name: str, content: bytes, caption: str = "/notice") -> list[ApiCall]:
    document = club.offline.telegram.upload(name, content)
    return await club.offline.process(club.offline.updates.document(club.chat, sender, document, caption))


async def test_a_word_document_and_a_reply_to_it(cup: Club) -> None:
    content = docx(["一、比赛时间", "每局限时50分钟。", "二、申诉", "本桌比赛结束后10分钟内提出。"])
    [reply] = await send_file(cup, cup.admin, "规程.docx", content)
    assert reply.text.startswith("已为「周五杯」附上比赛规程（文件 规程.docx，2 节")
    assert "1. 一、比赛时间" in (await one(cup, cup.member, "/notice show")).splitlines()
    # The same file posted by someone, then "/notice" as the organiser's reply to it: replaced by it.
    document = cup.offline.telegram.upload("规程.docx", content)
    posted = cup.offline.updates.document(cup.chat, cup.member, document)["message"]
    assert await cup.offline.process({"update_id": 999_999, "message": posted}) == []
    [again] = await cup.say(cup.admin, "/notice", reply_to=posted)
    assert again.startswith("已替换「周五杯」的比赛规程（文件 规程.docx，2 节")


async def test_a_file_from_a_member_is_refused_before_the_download(cup: Club) -> None:
    [refused] = await send_file(cup, cup.member, "规程.txt", SHORT.encode())
    assert refused.text == REFUSED
    assert not cup.offline.telegram.calls_to("download")


@pytest.mark.slow  # seconds of a stuck reader: make quick leaves it out
async def test_other_groups_are_answered_while_a_notice_file_is_read(
    cup: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The probe: another group's /help went from 0.02 s to 8 s while a PDF held the worker thread."""
    monkeypatch.setattr(notice_service, "READER_MODULE", "tests.support.stuck_roster_reader")
    monkeypatch.setattr(notice_service, "READ_BUDGET_SECONDS", 3.0)
    other = group_chat(-4_000_778, "隔壁群")
    document = cup.offline.telegram.upload("规程.pdf", SHORT.encode())
    reading = asyncio.ensure_future(cup.offline.process(
        cup.offline.updates.document(cup.chat, cup.admin, document, "/notice")))
    waits = []
    while not reading.done():
        started = time.perf_counter()
        calls = await cup.offline.process(cup.offline.updates.message(other, cup.member, "/help"))
        assert [call for call in calls if call.chat_id == other["id"]]
        waits.append(time.perf_counter() - started)
        await asyncio.sleep(0.05)
    [reply] = [call for call in await reading if call.chat_id == cup.chat_id]
    assert reply.text.startswith("读取这个文件超过了 3 秒")
    assert len(waits) >= 3 and max(waits) < 1.0, waits
