"""The group pacer (``handlers.telegram.pacing``) in virtual time: no 60-second window over 20 in a group, nothing
lost, waiting texts and edits merged, private chats and reactions outside the group budget."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.config import Settings
from handlers.bootstrap import telegram_application
from handlers.telegram.app import TelegramOptions
from handlers.telegram.pacing import (
    GROUP_LIMIT,
    WINDOW,
    GroupPacer,
    LocalSendBudget,
    earliest_slot,
    group_messages,
)
from handlers.telegram.sending import RetryingRequests
from tests.support.fake_api import FakeBotApi
from tests.support.telegram import FakeTelegram, FloodLimits
from tests.support.virtual_time import VirtualTime

GROUP = -4_000_001


class Recorder:
    """Stands for PTB's ``_do_post``: records when each call went and what it carried."""

    def __init__(self, time: VirtualTime) -> None:
        self.time = time
        self.sent: list[tuple[float, str, dict[str, Any]]] = []

    async def __call__(self, endpoint: str, data: dict[str, Any]) -> dict[str, Any]:
        self.sent.append((self.time.now(), endpoint, dict(data)))
        return {"message_id": len(self.sent)}


def most_in_any_window(times: list[float], window: float = 60.0) -> int:
    times = sorted(times)
    start, worst = 0, 0
    for end, at in enumerate(times):
        while times[start] <= at - window:
            start += 1
        worst = max(worst, end - start + 1)
    return worst


async def call(pacer: GroupPacer, recorder: Recorder, endpoint: str, data: dict[str, Any]) -> Any:
    return await pacer.process_request(recorder, (endpoint, data), {}, endpoint, data, None)


def test_what_counts_against_a_group() -> None:
    assert group_messages("sendMessage", {"chat_id": GROUP}) == 1
    assert group_messages("editMessageText", {"chat_id": GROUP, "message_id": 3}) == 1
    assert group_messages("sendMediaGroup", {"chat_id": GROUP, "media": [1, 2, 3]}) == 3
    assert group_messages("sendMessage", {"chat_id": 42}) == 0  # a private chat
    assert group_messages("setMessageReaction", {"chat_id": GROUP}) == 0  # not a message
    assert group_messages("answerCallbackQuery", {"callback_query_id": "q"}) == 0


def test_the_earliest_slot_waits_for_the_oldest_to_leave_the_window() -> None:
    assert earliest_slot([], 1, 100.0) == 100.0
    full = [(100.0 + index, 1) for index in range(GROUP_LIMIT)]
    assert earliest_slot(full[:-1], 1, 130.0) == 130.0
    assert earliest_slot(full, 1, 130.0) == 100.0 + WINDOW
    assert earliest_slot(full, 3, 130.0) == 102.0 + WINDOW  # an album of 3 needs three slots free


async def test_local_budget_keeps_every_window_within_the_limit() -> None:
    budget = LocalSendBudget()
    slots = [await budget.reserve(GROUP, 1, 1000.0 + index * 0.1) for index in range(60)]
    assert slots == sorted(slots)
    assert most_in_any_window(slots, WINDOW - 1e-6) == GROUP_LIMIT  # a slot exactly a window later may go
    assert slots[GROUP_LIMIT] == slots[0] + WINDOW


async def test_sixty_messages_to_one_group_never_pass_twenty_a_minute_and_none_is_lost() -> None:
    time = VirtualTime()
    pacer = GroupPacer(now=time.now, sleep=time.sleep, merge=False)
    recorder = Recorder(time)
    start = time.now()
    results = await time.run(*(call(pacer, recorder, "sendMessage", {"chat_id": GROUP, "text": f"m{index}"})
                               for index in range(60)))
    assert len(results) == 60 and len(recorder.sent) == 60
    assert sorted(data["text"] for _, _, data in recorder.sent) == sorted(f"m{index}" for index in range(60))
    assert most_in_any_window([at for at, _, _ in recorder.sent]) <= GROUP_LIMIT
    assert recorder.sent[-1][0] - start < 3 * WINDOW  # 60 messages: three windows, not more


async def test_waiting_texts_for_one_group_go_as_one_message() -> None:
    time = VirtualTime()
    pacer = GroupPacer(now=time.now, sleep=time.sleep)
    recorder = Recorder(time)
    results = await time.run(*(call(pacer, recorder, "sendMessage", {"chat_id": GROUP, "text": f"m{index}"})
                               for index in range(30)))
    assert len(recorder.sent) == GROUP_LIMIT + 1  # 20 at once; the other 10 waited together for one slot
    merged = recorder.sent[-1][2]["text"]
    assert all(f"m{index}" in merged for index in range(GROUP_LIMIT, 30))
    assert pacer.merged == 9
    assert all(result is not None for result in results)  # every caller got the merged message back
    assert results[-1] == results[GROUP_LIMIT]


async def test_texts_with_buttons_are_never_merged() -> None:
    time = VirtualTime()
    pacer = GroupPacer(now=time.now, sleep=time.sleep)
    recorder = Recorder(time)
    buttons = {"inline_keyboard": [[{"text": "OK", "callback_data": "x"}]]}
    await time.run(*(call(pacer, recorder, "sendMessage", {"chat_id": GROUP, "text": f"m{index}",
                                                         "reply_markup": buttons}) for index in range(25)))
    assert len(recorder.sent) == 25
    assert most_in_any_window([at for at, _, _ in recorder.sent]) <= GROUP_LIMIT


async def test_a_waiting_edit_is_replaced_by_a_later_edit_of_the_same_message() -> None:
    time = VirtualTime()
    pacer = GroupPacer(now=time.now, sleep=time.sleep)
    recorder = Recorder(time)
    fill = [call(pacer, recorder, "sendMessage", {"chat_id": GROUP, "text": "x", "reply_markup": {"k": 1}})
            for _ in range(GROUP_LIMIT)]
    edits = [call(pacer, recorder, "editMessageText", {"chat_id": GROUP, "message_id": 7, "text": f"v{index}"})
             for index in range(5)]
    await time.run(*fill, *edits)
    sent_edits = [data for _, endpoint, data in recorder.sent if endpoint == "editMessageText"]
    assert [data["text"] for data in sent_edits] == ["v4"]


async def test_private_chats_and_reactions_only_keep_thirty_a_second() -> None:
    time = VirtualTime()
    pacer = GroupPacer(now=time.now, sleep=time.sleep)
    recorder = Recorder(time)
    private = [call(pacer, recorder, "sendMessage", {"chat_id": 1000 + index, "text": "hi"}) for index in range(45)]
    reactions = [call(pacer, recorder, "setMessageReaction", {"chat_id": GROUP, "message_id": index})
                 for index in range(30)]
    start = time.now()
    await time.run(*private, *reactions)
    times = [at - start for at, _, _ in recorder.sent]
    assert len(times) == 75
    assert most_in_any_window(times, 1.0) <= 30
    assert max(times) < 3.0  # nothing waited for a group's minute


async def test_calls_that_send_nothing_pass_straight_through() -> None:
    time = VirtualTime()
    pacer = GroupPacer(now=time.now, sleep=time.sleep)
    recorder = Recorder(time)
    await time.run(*(call(pacer, recorder, "getChatAdministrators", {"chat_id": GROUP}) for _ in range(100)))
    assert len(recorder.sent) == 100 and pacer.waited == 0


async def test_through_the_real_bot_waiting_replies_merge_and_keep_their_parse_mode(tmp_path: Path) -> None:
    time = VirtualTime()
    telegram = FakeTelegram()
    telegram.flood = FloodLimits(time.now)
    pacer = GroupPacer(now=time.now, sleep=time.sleep)
    options = TelegramOptions(request=FakeBotApi(telegram), rate_limiter=RetryingRequests(pacer, sleep=time.sleep),
                              quiet=False)
    application = telegram_application(Settings(db_path=tmp_path / "bot.sqlite3"), telegram=options)
    await application.initialize()
    try:
        await time.run(*(application.bot.send_message(GROUP, f"<b>m{index}</b>") for index in range(26)))
    finally:
        await application.shutdown()
    sent = telegram.calls_to("sendMessage")
    assert [call.status for call in sent] == [200] * (GROUP_LIMIT + 1) and telegram.flood.refused == 0
    assert sent[-1].params["parse_mode"] == "HTML"
    assert all(f"<b>m{index}</b>" in sent[-1].text for index in range(GROUP_LIMIT, 26))
