"""Bad input, at random: every command name (and unknown ones), random arguments and Unicode, 4,096-character
texts, random people and chats, replies, edited messages, mentions and forged button presses, run through the
real application. After every step: no unexpected error reached the error handler (nothing logged at ERROR),
every reply is under Telegram's 4,096 characters and parses as Telegram HTML, and the stored state is sound.
Updates Telegram would never send (ids of 0 or beyond 52 bits, nameless or bot senders, presses under a member's
message) get no answer at all and leave their sender unstored. Some steps upload a roster with
``/import``: spreadsheet bombs, over-long fields, one-column files with semicolons (items 2, 5, 6).

CI runs 1,600 commands (about 20 s); ``FUZZ_COMMANDS=100000 .venv/bin/python -m pytest
tests/handlers/test_fuzz.py -s`` runs that many, printing the count.
"""

import asyncio
import functools
import logging
import os
import random
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.clock import ManualClock
from bot.config import Settings
from bot.services import Services
from bot.services.tournament.state import NoTournamentYetError, read_state
from handlers.commands import COMMANDS
from handlers.telegram.replies import MESSAGE_LIMIT, text_length
from tests.support import sheet_bombs
from tests.support.bracket_invariants import check_bracket
from tests.support.harness import REPLY_METHODS, OfflineBot
from tests.support.updates import JSON, FakeUser, group_chat, private_chat, supergroup_chat, to_update

STEPS_PER_EXAMPLE = 40
FUZZ_COMMANDS = int(os.environ.get("FUZZ_COMMANDS", "1600"))
EXAMPLES = max(1, FUZZ_COMMANDS // (STEPS_PER_EXAMPLE // 2))  # lists average half their maximum length

ORGANISER = FakeUser(101, "老王", "laowang", language_code="zh-hans")
MEMBER = FakeUser(202, "Lily", "lily", language_code="en")
GROUP = group_chat(-4_000_901, "周五掼蛋")
CHATS = (GROUP, group_chat(-4_000_902, "别的群"), supergroup_chat(-1_002_000_000_903, "超级群"))
NAMES = sorted({name for spec in COMMANDS for name in spec.names} | {"signup", "result", "nosuchcommand", "x" * 40})


@dataclass(frozen=True)
class Step:
    kind: str
    sender: FakeUser
    chat: str
    text: str
    reply: bool
    pressed_under_a_member: bool = False
    """A callback on a message the bot did not send (refused quietly)."""

    @property
    def is_forged(self) -> bool:
        return forged(self.sender) or (self.kind == "callback" and self.pressed_under_a_member)


SPECIAL = "<>&;\"'/@#"
SAMPLE_WORDS = ("zh", "en", "2", "10", "A+", "K", "left", "right", "forfeit", "both", "vs", "level=Q", "打A",
                "S3 D3 C3", "BJ RJ", "@lily", "@nobody", "<b>", "&amp;", "</i>", "\u202e", "😀" * 10, "男", "m")


def random_char(rng: random.Random) -> str:
    """Mostly what people type, often HTML's special characters, sometimes any code point (never a lone
    surrogate: Telegram sends valid UTF-8)."""
    pool = rng.choices(("ascii", "special", "cjk", "any"), (5, 2, 2, 1))[0]
    if pool == "ascii":
        return chr(rng.randint(0x21, 0x7E))
    if pool == "special":
        return rng.choice(SPECIAL)
    if pool == "cjk":
        return chr(rng.randint(0x4E00, 0x9FFF))
    code = rng.randint(0, 0x10FFFF)
    return chr(code) if not 0xD800 <= code <= 0xDFFF else "\ufffd"


def random_word(rng: random.Random) -> str:
    choice = rng.choices(("typed", "sample", "number"), (5, 3, 1))[0]
    if choice == "sample":
        return rng.choice(SAMPLE_WORDS)
    if choice == "number":
        return str(rng.randint(-10**12, 10**12))
    return "".join(random_char(rng) for _ in range(rng.randint(1, 20)))


def long_text(rng: random.Random) -> str:
    unit = "".join(random_char(rng) for _ in range(rng.randint(1, 5)))
    size = rng.randint(3000, 4096)
    return (unit * size)[:size]


def random_text(rng: random.Random) -> str:
    shape = rng.choices(("command", "long argument", "long", "text", "mention"), (12, 1, 1, 1, 1))[0]
    name = rng.choice(NAMES)
    if shape == "command":
        suffix = rng.choice(("", "", "", "@guandan_test_bot", "@other_bot"))
        return " ".join([f"/{name}{suffix}", *(random_word(rng) for _ in range(rng.choice((0, 1, 1, 1, 2, 3))))])
    if shape == "long argument":
        return f"/{name} {long_text(rng)}"
    if shape == "long":
        return long_text(rng)
    text = " ".join(random_word(rng) for _ in range(rng.randint(0, 8)))
    return "@guandan_test_bot " + text if shape == "mention" else text


FORGED_IDS = (0, -1, 2**52, 2**63, -(2**63) - 1, 2**64)
"""User ids Telegram never sends: the update is refused quietly."""


def random_person(rng: random.Random) -> FakeUser:
    forged = rng.random() < 0.1
    user_id = rng.choice(FORGED_IDS) if forged and rng.random() < 0.5 else rng.randint(1, 10**10)
    name = "" if forged and rng.random() < 0.3 else random_word(rng)
    return FakeUser(user_id, name, rng.choice((None, "u" + str(rng.randint(0, 99999)))),
                    rng.choice((None, "zh", "zh-hant", "en", "ru", "")), is_bot=forged and rng.random() < 0.3)


def forged(user: FakeUser) -> bool:
    return not 0 < user.user_id < 2**52 or not user.first_name or user.is_bot


@functools.cache
def hostile_files() -> tuple[tuple[str, bytes], ...]:
    """Rosters an attacker uploads: bombs cut down to stay quick, a field longer than
    csv's own limit, one column with semicolons, a row too wide, binary noise."""
    return (
        ("a.xlsx", sheet_bombs.empty_cells(300_000)),
        ("b.xlsx", sheet_bombs.shared_strings(150_000)),
        ("c.xlsx", sheet_bombs.one_long_row(5_000)),
        ("d.csv", ("姓名,备注\n张三," + "x" * 131_073 + "\n").encode()),
        ("e.csv", "姓名\n张三&amp;李四\n王五;赵六\n".encode()),
        ("f.csv", ("姓名,单位\n张三" + "," * 2_000 + "\n").encode()),
        ("g.xlsx", b"PK\x03\x04" + bytes(range(256)) * 8),
    )


def roster_upload(text: str) -> tuple[str, bytes]:
    """A hostile file, or the step's random text as a CSV roster."""
    files = hostile_files()
    choice = len(text) % (len(files) + 2)
    if choice < len(files):
        return files[choice]
    return "r.csv", ("姓名,搭档\n" + text.replace(" ", ",")).encode("utf-8")


def random_step(rng: random.Random) -> Step:
    return Step(
        kind=rng.choices(("message", "edited", "callback", "document"), (12, 2, 2, 0.25))[0],
        sender=rng.choices((ORGANISER, MEMBER, random_person(rng)), (5, 3, 2))[0],
        chat=rng.choices(("group", "other", "super", "private"), (10, 2, 2, 2))[0],
        text=random_text(rng),
        reply=rng.random() < 0.2,
        pressed_under_a_member=rng.random() < 0.1,
    )


class ErrorLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def errors_logged() -> Iterator[ErrorLog]:
    handler = ErrorLog()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


def build(offline: OfflineBot, step: Step) -> JSON:
    updates = offline.updates
    chat = private_chat(step.sender) if step.chat == "private" else {
        "group": CHATS[0], "other": CHATS[1], "super": CHATS[2]}[step.chat]
    replied = None
    if step.reply:
        replied = updates.bot_message_json(chat, offline.telegram.bot_user, "earlier") if len(step.text) % 2 else (
            updates.message_json(chat, MEMBER, "earlier"))
    if step.kind == "document":
        name, content = roster_upload(step.text)
        document = offline.telegram.upload(name, content)
        return updates.document(chat, step.sender, document, "/import")
    if step.kind == "callback":
        message = updates.message_json(chat, MEMBER, "not the bot's") if step.pressed_under_a_member else (
            updates.bot_message_json(chat, offline.telegram.bot_user, "buttons"))
        return updates.callback_query(chat, step.sender, step.text.encode()[:64].decode(errors="ignore"), message)
    update = updates.message(chat, step.sender, step.text, reply_to=replied)
    if step.kind == "edited":
        message: dict[str, Any] = update.pop("message")
        update["edited_message"] = message | {"edit_date": message["date"] + 5}
    return update


async def stored_row(services: Services, user_id: int) -> tuple[object, ...] | None:
    """What the database holds of ``user_id`` (``None``: nothing). A forged sender may carry the id of someone a
    real update stored before (a shrunk example reuses the organiser's): then nothing of it may change the row."""
    if not -(2**63) <= user_id < 2**63:
        return None  # SQLite cannot even hold it
    async with services.storage.read() as tx:
        row = await tx.fetch_one(
            "SELECT username, display_name, language_code, last_seen_at FROM users WHERE user_id = ?", (user_id,))
    return None if row is None else (row[0], row[1], row[2], row[3])


async def check_state(services: Services) -> None:
    """The state is sound: every group's latest tournament passes ``check_bracket`` as the bot holds it and as
    stored (reloaded), the history is valid JSON and languages are zh or en."""
    async with services.storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM history WHERE NOT json_valid(details)") == 0
        assert await tx.fetch_value("SELECT count(*) FROM chats WHERE language NOT IN ('zh', 'en')") == 0
    for reload in (False, True):
        if reload:
            services.tournaments.clear()
        for chat in CHATS:
            try:
                state = await read_state(services, int(chat["id"]))
            except NoTournamentYetError:
                continue
            if state.bracket is not None:
                assert check_bracket(state.bracket) == [], (chat["id"], reload)


async def run_steps(folder: Path, plan: list[Step]) -> int:
    async with OfflineBot.running(Settings(db_path=folder / "fuzz.sqlite3"), clock=ManualClock()) as offline:
        offline.telegram.strict_html = True
        offline.telegram.set_admins(int(GROUP["id"]), ORGANISER.to_json())
        services = offline.application.bot_data.services
        with errors_logged() as errors:
            for step in plan:
                update = build(offline, step)
                before = len(offline.telegram.calls)
                stored_before = await stored_row(services, step.sender.user_id)
                await offline.application.process_update(to_update(update, offline.application.bot))
                if step.is_forged:  # no answer at all, and nothing of it stored
                    assert offline.telegram.calls[before:] == [], step
                    if forged(step.sender):
                        assert await stored_row(services, step.sender.user_id) == stored_before, step
                for call in offline.telegram.calls[before:]:
                    if call.method in REPLY_METHODS:
                        assert text_length(call.text) <= MESSAGE_LIMIT, (step, call.text[:200])
                        assert call.status == 200, (step, call.status, call.text[:300])
                assert not errors.records, (step, [record.getMessage() for record in errors.records],
                                            errors.records[0].exc_info)
                await check_state(services)
    return len(plan)


commands_run = 0


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(st.randoms(use_true_random=False), st.integers(1, STEPS_PER_EXAMPLE))
def test_random_input_never_breaks_the_bot(rng: random.Random, length: int) -> None:
    # Steps come from a hypothesis-controlled Random so that their mix can be weighted (st.one_of does not).
    global commands_run
    plan = [random_step(rng) for _ in range(length)]
    with tempfile.TemporaryDirectory() as folder:
        commands_run += asyncio.run(run_steps(Path(folder), plan))
    if "FUZZ_COMMANDS" in os.environ:
        print(f"\rfuzz: {commands_run} commands", end="", flush=True)
