from datetime import UTC, datetime, timedelta

from bot.services.acquaintances import Acquaintances
from bot.services.caller import Caller, ChatKind, ChatUser

AT = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
ALICE = ChatUser(1, "Alice", "alice", "en")
GROUP = Caller(-5, ChatKind.GROUP, ALICE, chat_title="Club")


def test_a_person_written_lately_and_unchanged_is_known_for_an_hour() -> None:
    known = Acquaintances()
    assert not known.knows(ALICE, AT)
    known.wrote(ALICE, AT)
    assert known.knows(ALICE, AT + timedelta(minutes=59))
    assert not known.knows(ALICE, AT + timedelta(hours=1))
    assert not known.knows(ChatUser(1, "Alice Wu", "alice", "en"), AT)


def test_whoever_loses_a_username_is_forgotten() -> None:
    known = Acquaintances()
    known.wrote(ALICE, AT)
    known.wrote(ChatUser(2, "Bob", "ALICE"), AT)
    assert not known.knows(ALICE, AT)


def test_a_chat_is_known_until_its_title_or_kind_changes() -> None:
    known = Acquaintances()
    known.wrote_chat(GROUP, AT)
    assert known.knows_chat(GROUP, AT)
    assert not known.knows_chat(Caller(-5, ChatKind.SUPERGROUP, ALICE, chat_title="Club"), AT)
    assert not known.knows_chat(Caller(-5, ChatKind.GROUP, ALICE, chat_title="Club 2"), AT)


def test_the_oldest_are_dropped_past_the_capacity() -> None:
    known = Acquaintances(capacity=2)
    for user_id in (1, 2, 3):
        known.wrote(ChatUser(user_id, f"P{user_id}", f"p{user_id}"), AT)
    assert [known.knows(ChatUser(user_id, f"P{user_id}", f"p{user_id}"), AT) for user_id in (1, 2, 3)] == [
        False, True, True]
