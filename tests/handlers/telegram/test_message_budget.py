"""No command sends more than five messages, whatever the field.

Any member can repeat a read-only command, and a group takes about 20 messages a minute: 130 pairs with 64-character
names that grow when escaped (``&`` becomes ``&amp;``) made ``/draw`` send 56 messages, ``/bracket`` 25, ``/tables``
22. Long outputs now go as one document (or the pictures) plus a short text. Counted: every message a command makes
appear (an album counts each of its items); edits and button answers add none."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from handlers.long_replies import MESSAGE_BUDGET
from tests.handlers.test_permission_matrix import MATRIX
from tests.handlers.tournament_helpers import Club
from tests.support.telegram import ApiCall

PAIRS = 130
NEW_MESSAGES = {"sendMessage", "sendDocument", "sendPhoto"}


def long_name(number: int, side: str) -> str:
    """64 characters, 61 of which HTML escapes (``&`` → ``&amp;``, ``<`` → ``&lt;``)."""
    return (f"{number:03d}{side}" + "&<>" * 21)[:64]


def messages(calls: Sequence[ApiCall]) -> int:
    count = 0
    for call in calls:
        if call.status != 200:
            continue
        if call.method in NEW_MESSAGES:
            count += 1
        elif call.method == "sendMediaGroup":
            media = call.params.get("media")
            count += len(json.loads(media) if isinstance(media, str) else media or [])
    return count


async def sent_by(club: Club, text: str, sender: Any = None) -> tuple[int, list[ApiCall]]:
    before = len(club.offline.telegram.calls)
    await club.offline.process(club.offline.updates.message(club.chat, sender or club.admin, text))
    calls = club.offline.telegram.calls[before:]
    return messages(calls), calls


async def big_field(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set capacity off")
    for number in range(PAIRS):
        [reply] = await club.say(club.admin, f"/signup {long_name(number, 'a')} {long_name(number, 'b')}")
        assert "✅" in reply, reply


@pytest.fixture
async def field(club: Club) -> Club:
    await big_field(club)
    return club


async def every_command(club: Club) -> dict[str, int]:
    counts = {}
    for line in sorted(MATRIX):
        if line.split()[0] in ("/draw", "/cancel", "/new", "/mode", "/import"):
            continue  # they change the field (tested on their own) or want a file
        counts[line], _ = await sent_by(club, line)
    return counts


async def test_every_command_fits_the_budget_during_sign_up(field: Club) -> None:
    counts = await every_command(field)
    assert max(counts.values()) <= MESSAGE_BUDGET, counts
    entries, calls = await sent_by(field, "/entries")
    assert entries <= 2 and any(call.method == "sendDocument" for call in calls)


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
async def test_the_draw_and_every_command_after_it_fit_the_budget(field: Club) -> None:
    club = field
    drawn, calls = await sent_by(club, "/draw")
    assert drawn <= MESSAGE_BUDGET, [(call.method, (call.text or "")[:80]) for call in calls]
    names = [call.files["document"][0] for call in calls if call.method == "sendDocument"]
    assert any(name.endswith(".json") for name in names) and any(name.endswith(".txt") for name in names)
    [seed] = [json.loads(call.files["document"][1])["seed"] for call in calls
              if call.method == "sendDocument" and call.files["document"][0].endswith(".json")]
    assert any(seed in (call.text or "") for call in calls)  # revealed in the chat (a message or a caption)
    counts = await every_command(club)
    assert max(counts.values()) <= MESSAGE_BUDGET, counts
    for command in ("/bracket", "/tables", "/standings", "/entries"):
        assert counts.get(command, 0) <= MESSAGE_BUDGET, command


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
async def test_results_that_start_a_round_and_end_the_tournament_fit_the_budget(field: Club) -> None:
    club = field
    await sent_by(club, "/draw")
    rng = random.Random(16)
    worst: dict[str, int] = {}
    for _ in range(12):
        bracket = (await club.state()).require_bracket()
        if bracket.finished:
            break
        for match in bracket.playable():
            # Without a time limit a match is won on A+ (results15 refuses a winner below it).
            left, right = rng.sample((rng.choice(("2", "9", "K")), "A+"), 2)
            count, _calls = await sent_by(club, f"/result {match.table} {left} {right}")
            worst["/result"] = max(worst.get("/result", 0), count)
    assert (await club.state()).require_bracket().finished
    assert worst["/result"] <= MESSAGE_BUDGET, worst
    counts = await every_command(club)
    assert max(counts.values()) <= MESSAGE_BUDGET, counts
