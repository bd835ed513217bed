"""Files both ways over the long connection, in process: ``/export``, the draw file and a refused upload going out
(temporary media uploaded in chunks, then pushed); a roster (``导入``) and a notice (``规程``) coming in — the file
before the command or after it, in the group or privately — fetched with a size cap and a time limit and decrypted;
and what cannot be read is refused with the reason and changes nothing."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.config import Settings
from bot.i18n import Language
from handlers.wecom.client import SEND
from handlers.wecom.media import FILE_BYTES_LIMIT
from handlers.wecom.platform import Answer
from tests.support.wecom_files import FileHost
from tests.support.wecom_offline import GROUP, WeComClub
from tests.support.wecom_uploads import INIT, TOO_LARGE

ROSTER = "姓名,搭档\n张三,李四\n王五,赵六\n钱七,孙八\n周九,吴十\n".encode("utf-8-sig")


@pytest.fixture
def host() -> Iterator[FileHost]:
    with FileHost() as running:
        yield running


@pytest.fixture
async def club(tmp_path: Path) -> AsyncIterator[WeComClub]:
    async with WeComClub.running(Settings(db_path=tmp_path / "bot.sqlite3")) as running:
        yield running


async def test_export_sends_the_four_files_into_the_group(club: WeComClub) -> None:
    await club.say(club.admin, "/new 周五杯")
    for person in ("p1", "p2", "p3", "p4"):
        await club.say(person, "报名")
    frames = await club.frames(club.admin, "导出")
    files = club.connection.uploads.files_sent([(frame.cmd, frame.body) for frame in frames if frame.cmd == SEND])
    assert [file.file_name for file in files] == ["entries.csv", "matches.csv", "standings.csv", "tournament.xlsx"]
    assert all(file.kind == "file" for file in files)
    entries = list(csv.reader(io.StringIO(files[0].content.decode("utf-8-sig"))))
    assert any("p3" in ",".join(row) for row in entries)
    assert files[3].content[:2] == b"PK"  # a real workbook
    assert club.connection.uploads.violations == []
    assert not any("python -m bot export" in frame.content for frame in frames)


async def test_the_draw_file_goes_with_the_draw(club: WeComClub) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(8)
    frames = await club.frames(club.admin, "抽签")
    [draw] = club.connection.uploads.files_sent([(frame.cmd, frame.body) for frame in frames])
    assert draw.file_name.endswith(".json") and b"seed" in draw.content


async def test_a_file_wecom_refuses_is_said_in_one_line_with_the_way_round(club: WeComClub) -> None:
    await club.say(club.admin, "/new 周五杯")
    club.connection.fail(INIT, TOO_LARGE, "file size exceeds the limit")
    texts = await club.say(club.admin, "/export")
    refused = [text for text in texts if "没有发出去" in text]
    assert len(refused) == 1 and "entries.csv" in refused[0] and "40071" in refused[0]
    assert "python -m bot export" in refused[0]


async def test_a_roster_file_then_the_verb_imports_it(club: WeComClub, host: FileHost) -> None:
    await club.say(club.admin, "/new 周五杯")
    url, aeskey = host.offer(ROSTER, "名单.csv")
    [received] = await club.send_file(club.admin, url, aeskey)
    assert "导入" in received and "规程" in received
    [imported] = await club.say(club.admin, "导入")
    assert "4" in imported and "张三" in imported or "导入" in imported
    async with club.services.storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM entries") == 4


async def test_the_verb_then_the_file_privately_imports_it_in_the_group(club: WeComClub, host: FileHost) -> None:
    await club.say(club.admin, "/new 周五杯")
    [asked] = await club.say(club.admin, "导入")
    assert "现在把文件发给我" in asked
    url, aeskey = host.offer(ROSTER, "roster.csv")
    frames = await club.file_frames(club.admin, url, aeskey, group=False)
    to_group = [frame.content for frame in frames if frame.cmd == SEND and frame.body.get("chatid") == GROUP]
    assert any("张三" in text or "导入" in text for text in to_group)
    assert any("已经在群里用上了" in frame.content for frame in frames if frame.cmd != SEND)
    async with club.services.storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM entries") == 4


async def test_a_notice_file_is_attached_with_the_verb(club: WeComClub, host: FileHost) -> None:
    await club.say(club.admin, "/new 周五杯")
    notice = "第一条 本次比赛采用积分编排，共四轮。\n第二条 每轮限时四十分钟。\n".encode()
    url, aeskey = host.offer(notice, "规程.txt")
    await club.send_file(club.admin, url, aeskey)
    [attached] = await club.say(club.admin, "规程")
    assert "规程" in attached
    [asked] = await club.say("p1", "限时多久")
    assert "四十分钟" in asked or "40" in asked


@pytest.mark.parametrize(("offer", "said"), [
    ({"content": b"x" * (1024 * 1024 + 100)}, "超过 1 MB"),
    ({"content": ROSTER, "encrypted": False}, "解不开"),
    ({"content": ROSTER, "delay": 3.0}, "太慢"),
])
async def test_a_file_that_cannot_be_read_is_refused_and_changes_nothing(club: WeComClub, host: FileHost,
                                                                         offer: dict[str, object], said: str) -> None:
    await club.say(club.admin, "/new 周五杯")
    club.platform.download_seconds = 1.0
    url, aeskey = host.offer(file_name="名单.csv", **offer)  # type: ignore[arg-type]
    await club.send_file(club.admin, url, aeskey)
    before = await club.fingerprint()
    [refused] = await club.say(club.admin, "导入")
    assert said in refused
    assert await club.fingerprint() == before


async def test_a_file_delivered_again_is_handled_once(club: WeComClub, host: FileHost) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "导入")
    url, aeskey = host.offer(ROSTER, "roster.csv")
    await club.file_frames(club.admin, url, aeskey, msgid="file-twice")
    again = await club.file_frames(club.admin, url, aeskey, msgid="file-twice")
    assert again == []
    async with club.services.storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM entries") == 4


@pytest.mark.parametrize(("size", "said"), [
    (FILE_BYTES_LIMIT + 1, "超过企业微信的 20 MB 上限"),
    (5, "企业微信不收 5 个字节及以下的文件"),
])
async def test_a_file_past_wecoms_limits_is_refused_before_it_is_sent(club: WeComClub, size: int, said: str) -> None:
    """WeCom's limits of temporary media: more than 5 bytes, a file at most 20 MB — refused in one line, with the
    way round, and no upload started."""
    answer = Answer(language=Language.ZH)
    answer.add_file(b"x" * size, "standings.csv", None)
    before = len(club.connection.sent)
    await club.platform.push(answer, GROUP)
    sent = club.connection.sent[before:]
    assert INIT not in [frame.cmd for frame in sent]
    [refused] = [frame.content for frame in sent]
    assert refused.count("\n") == 1 and said in refused.split("\n")[0], refused
    assert "python -m bot export" in refused.split("\n")[1]


async def test_a_refused_pdf_says_how_to_print_it_without_wecom(club: WeComClub) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    await club.say(club.admin, "抽签")
    club.connection.fail(INIT, TOO_LARGE, "file size exceeds the limit")
    [refused] = [text for text in await club.say(club.admin, "打印 cards 1") if "没有发出去" in text]
    line, way_round = refused.split("\n")
    assert ".pdf" in line and "40071" in line
    assert "python -m bot print" in way_round and "python -m bot export" not in way_round
    assert "@掼蛋助手 赛事列表" in way_round  # the command that lists the ids, as a member types it


async def test_export_in_chinese_sends_the_files_in_chinese(club: WeComClub) -> None:
    """``导出 中文`` as ``/export zh`` on Telegram: headers and words in Chinese; plain ``导出`` keeps the contract's
    English headers."""
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    frames = await club.frames(club.admin, "导出 中文")
    files = club.connection.uploads.files_sent([(frame.cmd, frame.body) for frame in frames if frame.cmd == SEND])
    header = files[0].content.decode("utf-8-sig").split("\r\n")[0].split("\n")[0]
    frames = await club.frames(club.admin, "导出")
    english = club.connection.uploads.files_sent([(frame.cmd, frame.body) for frame in frames if frame.cmd == SEND])
    contract = english[0].content.decode("utf-8-sig").split("\r\n")[0].split("\n")[0]
    assert files[0].file_name == english[0].file_name == "entries.csv"
    assert header != contract and contract.isascii() and not header.isascii(), (header, contract)
