"""The quiet habits in a group (``handlers.telegram.quiet``) through the real application: gathered sign-up
acknowledgements with a reaction, pointers instead of repeated read-only answers, quiet button presses."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from handlers.invocation import Acknowledgement
from handlers.telegram.quiet import AckGatherer, QuietGroup, QuietSettings, gathered_text
from tests.handlers.tournament_helpers import Club
from tests.support.harness import OfflineBot
from tests.support.telegram import ApiCall
from tests.support.updates import FakeUser, group_chat, private_chat
from tests.support.virtual_time import VirtualTime

ADMIN = FakeUser(101, "老王", "laowang", language_code="zh-hans")
MEMBER = FakeUser(202, "Lily", "lily", language_code="en")


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def quiet(clock: ManualClock) -> QuietGroup:
    # Gathered messages go at once (no quiet period) so that a test sees each; the repeat window runs on the clock.
    return QuietGroup(QuietSettings(quiet_period=0.0, longest_hold=0.0, now=lambda: clock().timestamp()))


@pytest.fixture
async def club(tmp_path: Path, clock: ManualClock, quiet: QuietGroup) -> AsyncIterator[Club]:
    async with OfflineBot.running(Settings(db_path=tmp_path / "bot.sqlite3"), clock=clock, quiet=quiet) as offline:
        chat = group_chat(-4_000_321, "周五掼蛋")
        offline.telegram.set_admins(int(chat["id"]), ADMIN.to_json())
        yield Club(offline, chat, ADMIN, MEMBER)


def calls_since(club: Club, start: int, *methods: str) -> list[ApiCall]:
    return [call for call in club.offline.telegram.calls[start:] if call.method in methods and call.status == 200]


async def sign_up(club: Club, quiet: QuietGroup, person: FakeUser) -> dict[str, Any]:
    update = club.offline.updates.message(club.chat, person, "/signup")
    await club.offline.process(update)
    await quiet.gatherer.drain()
    return dict(update["message"])


async def test_sign_ups_get_a_reaction_and_one_gathered_message_that_grows(club: Club, quiet: QuietGroup) -> None:
    await club.say(ADMIN, "/new 周五杯")
    start = len(club.offline.telegram.calls)
    commands = [await sign_up(club, quiet, club.person(number)) for number in (1, 2, 3)]
    reactions = calls_since(club, start, "setMessageReaction")
    assert [call.params["message_id"] for call in reactions] == [command["message_id"] for command in commands]
    assert all(call.params["reaction"] == [{"type": "emoji", "emoji": "👌"}] for call in reactions)
    [posted] = calls_since(club, start, "sendMessage")
    assert "✅ 已报名：选手1" in posted.text and "已报名：0 对组队、1 人单人" in posted.text
    edits = calls_since(club, start, "editMessageText")
    assert [edit.params["message_id"] for edit in edits] == [posted.result["message_id"]] * 2
    assert "选手1、选手2、选手3" in edits[-1].text and "3 人单人" in edits[-1].text


async def test_a_place_on_the_waiting_list_is_said_on_its_own(club: Club, quiet: QuietGroup) -> None:
    await club.say(ADMIN, "/new 周五杯")
    await club.say(ADMIN, "/set capacity 2")  # two pairs: four places
    for number in (1, 2, 3, 4):
        await sign_up(club, quiet, club.person(number))
    start = len(club.offline.telegram.calls)
    command = await sign_up(club, quiet, club.person(5))
    [reply] = calls_since(club, start, "sendMessage")
    assert "候补" in reply.text and reply.params["reply_parameters"]["message_id"] == command["message_id"]
    assert not calls_since(club, start, "setMessageReaction")


async def test_a_repeated_read_only_command_gets_a_pointer_to_the_same_answer(club: Club, quiet: QuietGroup,
                                                                              clock: ManualClock) -> None:
    await club.say(ADMIN, "/new 周五杯")
    [first] = await club.calls(MEMBER, "/entries")
    [pointer] = await club.calls(ADMIN, "/entries")
    assert pointer.text == "↑ 同上一条（1 分钟内未变）"
    assert pointer.params["reply_parameters"]["message_id"] == first.result["message_id"]
    await sign_up(club, quiet, club.person(1))
    [changed] = await club.calls(MEMBER, "/entries")
    assert "选手1" in changed.text  # the list changed in between: answered in full
    clock.advance(seconds=61)
    [later] = await club.calls(MEMBER, "/entries")
    assert later.text == changed.text  # a minute later: answered again, not pointed at


async def test_the_pointer_speaks_the_chats_language(club: Club) -> None:
    await club.say(ADMIN, "/lang en")
    await club.say(MEMBER, "/help")
    [pointer] = await club.say(MEMBER, "/help")
    assert pointer == "↑ Same as the message above (unchanged within a minute)"


async def test_export_always_sends_its_files(club: Club) -> None:
    await club.say(ADMIN, "/new 周五杯")
    first = await club.calls(MEMBER, "/export")
    second = await club.calls(MEMBER, "/export")
    assert [call.method for call in first] == [call.method for call in second]
    assert sum(call.method == "sendDocument" for call in second) >= 3


async def test_private_chats_are_answered_as_before(club: Club) -> None:
    chat = private_chat(MEMBER)
    first = await club.offline.say(chat, MEMBER, "/help")
    second = await club.offline.say(chat, MEMBER, "/help")
    assert first == second and "同上" not in second[0] and "Same as" not in second[0]


async def test_a_confirming_press_is_answered_first_and_shows_the_result_in_the_report(club: Club) -> None:
    await club.say(ADMIN, "/new 周五杯")
    await club.say(ADMIN, "/set final bo1")
    await club.sign_up_singles(8)
    await club.say(ADMIN, "/draw")
    match = (await club.state()).require_bracket().playable()[0]
    from bot.ruleset.scoring import Side

    [report] = [call for call in await club.calls(club.seat(match, Side.LEFT), f"/result {match.table} A+ 9")
                if call.params.get("reply_markup")]
    start = len(club.offline.telegram.calls)
    await club.tap(club.seat(match, Side.RIGHT), report, "确认")
    after = [call for call in club.offline.telegram.calls[start:] if call.status == 200]
    assert after[0].method == "answerCallbackQuery"
    assert [call.method for call in after[1:]] == ["editMessageText"]  # one edit: no extra message, no button edit
    assert after[1].params["message_id"] == report.result["message_id"] and "A+" in after[1].text


async def test_a_result_gets_the_reaction_before_its_answer(club: Club) -> None:
    await club.say(ADMIN, "/new 周五杯")
    await club.sign_up_singles(8)
    await club.say(ADMIN, "/draw")
    match = (await club.state()).require_bracket().playable()[0]
    from bot.ruleset.scoring import Side

    start = len(club.offline.telegram.calls)
    await club.say(club.seat(match, Side.LEFT), f"/result {match.table} A+ 9")
    methods = [call.method for call in club.offline.telegram.calls[start:] if call.status == 200]
    assert methods.index("setMessageReaction") < methods.index("sendMessage")


async def test_a_forged_bot_press_is_still_ignored_and_stores_nothing(club: Club) -> None:
    await club.say(ADMIN, "/new 周五杯")
    before = await club.fingerprint()
    start = len(club.offline.telegram.calls)
    robot = FakeUser(9_999, "Robot", "robot_bot", is_bot=True)
    shown = club.offline.updates.bot_message_json(club.chat, club.offline.telegram.bot_user, "…")
    await club.offline.process(club.offline.updates.callback_query(club.chat, robot, "t:s:1", shown))
    assert club.offline.telegram.calls[start:] == []
    assert await club.fingerprint() == before
    async with club.offline.application.bot_data.services.storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM users WHERE user_id = ?", (9_999,)) == 0


class Recorded:
    """A stand-in bot for the gatherer alone: sends and edits, recorded with the virtual time."""

    def __init__(self, time: VirtualTime) -> None:
        self.time = time
        self.sent: list[tuple[float, str, str]] = []

    async def send_message(self, chat_id: int, text: str) -> Any:
        self.sent.append((self.time.now(), "send", text))
        return type("Sent", (), {"message_id": len(self.sent)})()

    async def edit_message_text(self, text: str, *, chat_id: int, message_id: int) -> Any:
        self.sent.append((self.time.now(), "edit", text))


async def test_the_gatherer_waits_for_a_quiet_moment_but_not_longer_than_its_hold() -> None:
    time = VirtualTime()
    gatherer = AckGatherer(QuietSettings(quiet_period=2.0, longest_hold=6.0, now=time.now, sleep=time.sleep))
    bot = Recorded(time)
    start = time.now()

    async def rush() -> None:
        for number in range(10):  # one every 1.5 s: never 2 s quiet, so the hold decides
            await gatherer.add(bot, -1, Acknowledgement(f"t{number}", "signup", f"P{number}", f"{number + 1}"), "zh")
            await time.sleep(1.5)

    await time.run(rush())
    await time.run(gatherer.drain())
    moments = [at - start for at, _, _ in bot.sent]
    assert [kind for _, kind, _ in bot.sent] == ["send"] + ["edit"] * (len(bot.sent) - 1)
    assert moments[0] == pytest.approx(6.0)  # held 6 s at most
    assert len(bot.sent) <= 3  # 10 acknowledgements in 15 s: three messages at most
    assert bot.sent[-1][2] == gathered_text("signup", [f"P{number}" for number in range(10)], "10", "zh")


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
async def test_a_big_bracket_goes_as_one_pdf_document_in_a_quiet_group(club: Club, quiet: QuietGroup) -> None:
    from tests.handlers.telegram.test_message_budget import PAIRS, long_name, messages

    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set capacity off")
    for number in range(PAIRS):  # each sign-up's answer is the gathered message, sent by the gatherer's own task
        start = len(club.offline.telegram.calls)
        await club.say(club.admin, f"/signup {long_name(number, 'a')} {long_name(number, 'b')}")
        await quiet.gatherer.drain()
        [reply] = calls_since(club, start, "sendMessage", "editMessageText")
        assert "✅" in reply.text, reply.text
    start = len(club.offline.telegram.calls)
    await club.say(ADMIN, "/draw")
    drawn = club.offline.telegram.calls[start:]
    assert messages(drawn) <= 3  # the commitment, the draw as one text document, the draw file
    start = len(club.offline.telegram.calls)
    await club.say(MEMBER, "/bracket")
    calls = [call for call in club.offline.telegram.calls[start:] if call.status == 200]
    assert messages(calls) == 1 and not any(call.method == "sendMediaGroup" for call in calls)
    [document] = [call for call in calls if call.method == "sendDocument"]
    name, content = document.files["document"]
    assert name == "bracket.pdf" and content.startswith(b"%PDF")
    assert "PDF" in document.text


async def test_waiting_acknowledgements_are_posted_at_once_when_the_bot_stops() -> None:
    time = VirtualTime()
    gatherer = AckGatherer(QuietSettings(quiet_period=2.0, longest_hold=6.0, now=time.now, sleep=time.sleep))
    bot = Recorded(time)
    await gatherer.add(bot, -1, Acknowledgement("t", "signup", "P1", "1"), "zh")
    await gatherer.add(bot, -1, Acknowledgement("t", "signup", "P2", "2"), "zh")
    await gatherer.flush_now()  # no virtual time passes: the waiting flush is cut short
    assert [(kind, text) for _, kind, text in bot.sent] == [("send", gathered_text("signup", ["P1", "P2"], "2", "zh"))]


async def test_no_pointer_is_sent_when_the_group_has_no_message_left_this_minute(
        tmp_path: Path, clock: ManualClock, quiet: QuietGroup) -> None:
    import time as wall

    from handlers.telegram.pacing import GROUP_LIMIT, GroupPacer
    from handlers.telegram.sending import RetryingRequests

    pacer = GroupPacer()
    settings = Settings(db_path=tmp_path / "bot.sqlite3")
    async with OfflineBot.running(settings, clock=clock, quiet=quiet, rate_limiter=RetryingRequests(pacer)) as offline:
        chat = group_chat(-4_000_322, "周五掼蛋")
        offline.telegram.set_admins(int(chat["id"]), ADMIN.to_json())
        await offline.say(chat, ADMIN, "/new 周五杯")
        [answer] = await offline.say(chat, MEMBER, "/entries")
        assert await pacer.has_room(int(chat["id"]))
        for _ in range(GROUP_LIMIT):
            await pacer.budget.reserve(int(chat["id"]), 1, wall.time())
        assert not await pacer.has_room(int(chat["id"]))
        assert await offline.say(chat, MEMBER, "/entries") == []  # the same answer is right above: nothing waits
