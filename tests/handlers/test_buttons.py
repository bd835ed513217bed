"""Button data (what a button carries, what makes it forged) and a forged press on the dispatcher."""

import pytest

from handlers.buttons import CALLBACK_DATA_LIMIT, ButtonData, ForgedButtonError, plain
from tests.handlers.tournament_helpers import DispatchedClub as Club


def test_callback_data_round_trip_and_limit() -> None:
    data = ButtonData("t", 12, "cf", ("345", "7"))
    assert data.encode() == "t:12:cf:345:7" and ButtonData.decode("t:12:cf:345:7") == data
    assert data.number(0) == 345
    with pytest.raises(ValueError):
        ButtonData("t", 1, "x", ("9" * CALLBACK_DATA_LIMIT,)).encode()


@pytest.mark.parametrize("data", [None, "", "t", "t:x:su", "t:-1:su", "t:1", "x" * 65, "t:１:su"])
def test_malformed_data_is_forged(data: str | None) -> None:
    with pytest.raises(ForgedButtonError):
        ButtonData.decode(data)


@pytest.mark.parametrize("args", [(), ("x",), ("-3",), ("٣",)])
def test_arguments_must_be_plain_numbers(args: tuple[str, ...]) -> None:
    with pytest.raises(ForgedButtonError):
        ButtonData("t", 1, "ac", args).number(0)


def test_answers_are_plain_and_short() -> None:
    assert plain("<b>Tom &amp; Jerry</b> <code>/x</code>") == "Tom & Jerry /x"
    assert len(plain("字" * 500)) == 200


@pytest.mark.parametrize("data", ["garbage", "t:1:zz", "q:1:su", "t:99:su", "t:1:ac:x", "t:1:cf:1"])
async def test_a_forged_press_changes_nothing_and_is_answered(club: Club, data: str) -> None:
    await club.say(club.admin, "/new Cup")
    before = await club.fingerprint()
    replies, note = await club.press(club.person(1), data)
    assert replies == [] and note is not None and note.alert is True
    assert note.text in {"这个按钮在这里无效，没有做任何改动。", "这个按钮已经过期，没有做任何改动。"}
    assert await club.fingerprint() == before
