from tests.support.timing import TimedTelegram
from tests.support.updates import FakeUser, UpdateFactory, group_chat, private_chat


class Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_latency_runs_from_delivery_to_the_reply_quoting_the_message() -> None:
    telegram = TimedTelegram(now_seconds=Ticks())
    factory = UpdateFactory()
    alice = FakeUser(5, "Alice")
    in_group = factory.message(group_chat(-7), alice, "/help")
    in_private = factory.message(private_chat(alice), alice, "/help")
    ids = [telegram.enqueue_update(in_group), telegram.enqueue_update(in_private)]
    telegram.pending_updates(None)  # t=1 first poll, both delivered at t=1
    telegram.answer("sendMessage", {"chat_id": 5, "text": "private answer"})  # t=2
    telegram.answer("sendMessage", {"chat_id": -7, "text": "group answer",
                                    "reply_parameters": {"message_id": in_group["message"]["message_id"]}})  # t=3
    assert telegram.latencies(ids) == [2.0, 1.0]
    assert telegram.wait_for_replies(ids, deadline=0) == 0
    assert telegram.first_poll_at == 1.0 and telegram.last_message_at == {5: 2.0, -7: 3.0}
