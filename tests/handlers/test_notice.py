"""``/notice`` on the dispatcher: a notice typed or sent as a .txt, .docx or .pdf file, listed, removed; ``/rule``
answering from it first and citing it; who may attach; refusals that change nothing. (A notice as a Telegram
document, and as a reply to one: ``tests.handlers.telegram.test_notice_files``.)"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.services.caller import ChatUser
from bot.services.tournament import notice as notice_service
from storage import history
from tests.handlers.test_rules import assert_telegram_html
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.rules.notice_files import docx, pdf, pdf_bomb
from tests.support.dispatched import Answer

FIXTURES = Path(__file__).parents[1] / "rules" / "fixtures"
SHORT = ("一、比赛时间\n每局限时50分钟，时间到以级数高者胜。\n二、进贡\n本次比赛不进贡。\n"
         "三、申诉\n本桌比赛结束后10分钟内向裁判长提出。")
REFUSED = "只有群主、群管理员或比赛组织者可以这样做。"


def seed_notice(name: str) -> str:
    return (FIXTURES / f"notice_{name}.txt").read_text(encoding="utf-8").split("\n", 1)[1]


@pytest.fixture
async def cup(club: Club) -> Club:
    await club.say(club.admin, "/new 周五杯")
    return club


async def send_file(club: Club, sender: ChatUser, name: str, content: bytes, caption: str = "/notice") -> list[Answer]:
    return await club.send_file(sender, name, content, caption)


async def one(club: Club, sender: ChatUser, text: str) -> str:
    [reply] = await club.say(sender, text)
    assert_telegram_html(reply)
    return reply


async def test_a_typed_notice_is_attached_listed_and_answers_first(cup: Club) -> None:
    attached = await one(cup, cup.admin, f"/notice {SHORT}")
    assert attached == ("已为「周五杯」附上比赛规程（直接发送的文字，3 节，65 字）。"
                        "现在 /rule 提问时先查本次规程，再查规则书；/notice show 列出各节，/notice remove 删除。")
    listed = await one(cup, cup.member, "/notice show")
    assert listed.splitlines() == ["<b>「周五杯」的比赛规程</b>", "来源：直接发送的文字，共 3 节：", "1. 一、比赛时间",
                                   "2. 二、进贡", "3. 三、申诉", "用 /rule 加问题提问，例如 /rule 每局限时多久。"]
    assert await one(cup, cup.member, "/guicheng") == listed  # the pinyin alias; no words: the sections
    answer = await one(cup, cup.member, "/rule 每局限时多久")
    # The notice's own punctuation is kept (full-width comma), the rulebook follows as the general rule.
    assert answer.startswith("<b>本次比赛规程：</b>\n一、比赛时间\n每局限时50分钟，时间到以级数高者胜。\n\n"
                             "<i>其他比赛的做法（规则书）：</i>\n<b>")
    tribute = await one(cup, cup.member, "/rule 要进贡吗")
    assert tribute.startswith("<b>本次比赛规程：</b>\n二、进贡\n本次比赛不进贡。")
    # A question the notice does not answer: the rulebook alone.
    assert (await one(cup, cup.member, "/rule 双下升几级")).startswith("<b>升级</b>")


async def test_an_english_question_about_a_chinese_notice(cup: Club) -> None:
    await one(cup, cup.admin, f"/notice {SHORT}")
    answer = await one(cup, cup.member, "/rule how do I appeal")
    assert answer.startswith("<b>This event's notice: </b>\n三、申诉\n本桌比赛结束后10分钟内向裁判长提出。")
    assert "<i>Elsewhere — what other events play (the rulebook):</i>\n<b>Referees and appeals</b>" in answer


async def test_a_mention_is_answered_from_the_notice_too(cup: Club) -> None:
    await one(cup, cup.admin, f"/notice {SHORT}")
    [reply] = await cup.say(cup.member, "@guandan_test_bot 申诉怎么提")
    assert reply.startswith("<b>本次比赛规程：</b>\n三、申诉")


async def test_replacing_and_removing(cup: Club) -> None:
    await one(cup, cup.admin, f"/notice {SHORT}")
    replaced = await one(cup, cup.admin, "/notice 第一条 每局限时60分钟。\n第二条 不进贡。")
    assert replaced.startswith("已替换「周五杯」的比赛规程（直接发送的文字，2 节")
    assert "每局限时60分钟" in await one(cup, cup.member, "/rule 每局限时多久")
    assert await one(cup, cup.admin, "/notice remove") == "已删除「周五杯」的比赛规程。/rule 现在只按规则书回答。"
    assert (await one(cup, cup.member, "/rule 每局限时多久")).startswith("<b>")
    assert "本次比赛规程" not in await one(cup, cup.member, "/rule 每局限时多久")
    assert (await one(cup, cup.member, "/notice")).startswith("本次比赛还没有附上规程。")
    assert (await one(cup, cup.admin, "/notice remove")).startswith("本次比赛还没有附上规程。")
    async with cup.bot.services.storage.read() as tx:
        kinds = [event.kind for event in await history.for_chat(tx, cup.chat_id)]
    assert [kind for kind in kinds if kind.startswith("notice.")] == ["notice.attached", "notice.attached",
                                                                      "notice.removed"]


async def test_only_organisers_attach_or_remove(cup: Club) -> None:
    assert await one(cup, cup.member, f"/notice {SHORT}") == REFUSED
    await one(cup, cup.admin, f"/notice {SHORT}")
    assert await one(cup, cup.member, "/notice remove") == REFUSED
    assert (await one(cup, cup.member, "/notice show")).startswith("<b>「周五杯」的比赛规程</b>")


async def test_a_notice_needs_a_tournament_and_a_group(club: Club) -> None:
    assert (await one(club, club.admin, f"/notice {SHORT}")).startswith("本群目前没有进行中的比赛。")
    assert (await one(club, club.member, "/notice")).startswith("本群目前没有进行中的比赛。")


@pytest.mark.parametrize("name", ["anqing", "hefei"])
async def test_a_seed_notice_as_a_text_file(cup: Club, name: str) -> None:
    [reply] = await send_file(cup, cup.admin, f"{name}.txt", seed_notice(name).encode("gb18030"))
    assert reply.text.startswith(f"已为「周五杯」附上比赛规程（文件 {name}.txt，")
    appeal = await one(cup, cup.member, "/rule 申诉怎么提")
    assert appeal.startswith("<b>本次比赛规程：</b>")
    assert ("30分钟内提出" if name == "anqing" else "第三十六条") in appeal.split("<i>")[0]


async def test_a_word_document(cup: Club) -> None:
    content = docx(["一、比赛时间", "每局限时50分钟。", "二、申诉", "本桌比赛结束后10分钟内提出。"])
    [reply] = await send_file(cup, cup.admin, "规程.docx", content)
    assert reply.text.startswith("已为「周五杯」附上比赛规程（文件 规程.docx，2 节")
    assert "1. 一、比赛时间" in (await one(cup, cup.member, "/notice show")).splitlines()


async def test_a_caption_with_words_still_means_the_file(cup: Club) -> None:
    [reply] = await send_file(cup, cup.admin, "规程.txt", SHORT.encode(), caption="/notice 本次比赛规程")
    assert reply.text.startswith("已为「周五杯」附上比赛规程（文件 规程.txt，3 节")


async def test_a_pdf(cup: Club) -> None:
    [reply] = await send_file(cup, cup.admin, "notice.pdf", pdf([
        "1. Pairs sign up together.", "2. Each match lasts 50 minutes.", "3. No tribute is paid.",
        "4. Announce your cards at 7 or fewer.", "5. Appeals within 10 minutes of the match."]))
    assert "notice.pdf" in reply.text
    answer = await one(cup, cup.member, "/rule how long is a match")
    assert "This event's notice" in answer and "50 minutes" in answer.split("<i>")[0]


@pytest.mark.parametrize(
    ("name", "content", "reply"),
    [
        ("old.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 64, "这是旧版 Word 文件（.doc）"),
        ("picture.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "读不出这个文件的文字"),
        ("big.txt", b"a" * (1024 * 1024 + 1), "文件太大了；规程文件最多 1 MB。"),
        ("empty.txt", b"   \n  ", "规程里没有可读的文字"),
    ],
)
async def test_files_that_are_refused_change_nothing(cup: Club, name: str, content: bytes, reply: str) -> None:
    [refused] = await send_file(cup, cup.admin, name, content)
    assert refused.text.startswith(reply), refused.text
    assert (await one(cup, cup.member, "/notice")).startswith("本次比赛还没有附上规程。")


async def test_a_file_from_a_member_is_refused_before_the_download(cup: Club) -> None:
    [refused] = await send_file(cup, cup.member, "规程.txt", SHORT.encode())
    assert refused.text == REFUSED
    assert cup.downloads == 0


async def test_a_pdf_with_too_much_page_content_is_refused_naming_the_limit(cup: Club) -> None:
    [refused] = await send_file(cup, cup.admin, "规程.pdf", pdf_bomb(200, 5 * 1024 * 1024))
    assert refused.text.startswith("这个 PDF 各页的内容合计超过了 3 MB，远超一份规程所需，没有读取。"
                                   "请把规程另存为 .docx 或 .txt 再发送，或直接发送 /notice 加规程全文。")
    assert (await one(cup, cup.member, "/notice")).startswith("本次比赛还没有附上规程。")


async def test_a_notice_file_is_read_apart_and_stopped_at_its_budget(
    cup: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is read by a separate process, killed when it outlives its budget (never the shared worker)."""
    monkeypatch.setattr(notice_service, "READER_MODULE", "tests.support.stuck_roster_reader")
    monkeypatch.setattr(notice_service, "READ_BUDGET_SECONDS", 0.5)
    started = time.perf_counter()
    [refused] = await send_file(cup, cup.admin, "规程.txt", SHORT.encode())
    assert refused.text.startswith("读取这个文件超过了 0.5 秒，已停止。")
    assert time.perf_counter() - started < 5
    assert (await one(cup, cup.member, "/notice")).startswith("本次比赛还没有附上规程。")


