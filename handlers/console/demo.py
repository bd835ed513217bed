"""The demo tournament (``python -m bot demo``): played in a simulated group on the console platform and printed.

Nine men and twelve women sign up (mostly by command, some with the buttons), the organiser draws — nine pairs,
three women in reserve, seven byes — and every table is reported by one pair and confirmed by the other (one
result is disputed and settled by the organiser) until the final. Everything goes through the real command table
and buttons (``handlers.console.platform``) and a real SQLite file in a temporary folder; the draw seed, the clock
and the results are fixed, so every run prints the same conversation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.clock import ManualClock
from bot.i18n import Language, t
from bot.richtext import Keyboard, to_plain
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.tournament.views import tables_view
from handlers.console.chat import indented
from handlers.console.platform import ConsoleAdmins, ConsolePlatform, FileShelf, Room, SavedFile
from handlers.console.taps import every_button, labels, match_button
from handlers.dispatch import Dispatcher

GROUP = Room(-4_000_321, ChatKind.GROUP, "掼蛋俱乐部")
MEN = ("张伟", "王强", "李军", "刘洋", "陈杰", "杨磊", "赵勇", "黄涛", "周斌")
WOMEN = ("王芳", "李娜", "张敏", "刘静", "陈丽", "杨艳", "赵霞", "黄丹", "周婷", "吴倩", "徐莉", "孙悦")
SEED_BYTES = bytes(range(32))
"""The demo's fixed draw seed (a real draw takes fresh system randomness)."""
RESULTS_SEED = 2026
_LEVELS = ("2", "5", "8", "10", "J", "Q", "K", "A", "A+")


class DemoScreen:
    """The bot's side of the conversation, as the demo has always printed it.

    A blank line after each new message, file and picture; files by name and caption."""

    def __init__(self, output: Callable[[str], None]) -> None:
        self.output = output

    def _buttons(self, buttons: Keyboard) -> None:
        if buttons:
            self.output("   " + labels(every_button(buttons)))

    def message(self, text: str, buttons: Keyboard) -> None:
        self.output("🤖 " + indented(text))
        self._buttons(buttons)
        self.output("")

    def edited(self, text: str, buttons: Keyboard) -> None:
        self.output("🤖✏️ " + indented(text))
        self._buttons(buttons)

    def note(self, text: str) -> None:
        self.output("🤖💬 " + text)

    def file(self, saved: SavedFile) -> None:
        self.output(f"🤖 📎 {saved.name} — {to_plain(saved.caption or '')}")
        self.output("")

    def pictures(self, saved: Sequence[SavedFile]) -> None:
        if len(saved) == 1 and saved[0].caption:
            self.output(f"🤖 🖼 {saved[0].name} — {to_plain(saved[0].caption)}")
        else:  # an album: the names only
            for picture in saved:
                self.output(f"🤖 🖼 {picture.name}")
        self.output("")


class Conversation:
    """Speak in the simulated group as someone, tap buttons, and print what everyone sees."""

    def __init__(self, platform: ConsolePlatform, output: Callable[[str], None]) -> None:
        self.platform = platform
        self.output = output

    async def say(self, person: ChatUser, text: str) -> None:
        self.output(f"👤 {person.display_name}: {text}")
        await self.platform.write(person, GROUP, text)

    async def tap(self, person: ChatUser, label: str) -> None:
        message = self.platform.last_with_buttons()
        button = None if message is None else match_button(message.buttons, label).found
        if message is None or button is None or button.label != label:
            raise LookupError(f"no button {label!r} on the last message with buttons")
        self.output(f"👤 {person.display_name}: [{label}]")
        await self.platform.press(person, message, button)


def _people() -> tuple[ChatUser, list[ChatUser], list[ChatUser]]:
    organiser = ChatUser(5000, "老王", "laowang", "zh")
    men = [ChatUser(5100 + number, name, None, "zh") for number, name in enumerate(MEN)]
    women = [ChatUser(5200 + number, name, None, "zh") for number, name in enumerate(WOMEN)]
    return organiser, men, women


def _result_words(rng: random.Random) -> tuple[str, str]:
    """Final levels a match without a time limit ends with: one pair passed A, the other did not."""
    loser = rng.choice(_LEVELS[:-1])
    return ("A+", loser) if rng.random() < 0.5 else (loser, "A+")


def _other_side_says(left: str, right: str, language: Language) -> str:
    """The right pair's disagreeing report, told from its own side: it claims the opposite winner."""
    won, lost = ("赢", "输") if language is Language.ZH else ("won", "lost")
    return f"{won} A+ {right}" if left == "A+" else f"{lost} {left} A+"


async def play_demo(dispatcher: Dispatcher, admins: ConsoleAdmins, clock: ManualClock, language: Language,
                    output: Callable[[str], None], files: Path) -> None:
    """Play the demo on ``dispatcher``, saving the files the bot sends in ``files``.

    ``handlers.bootstrap.demo`` builds it: a fresh database, ``clock`` the services' own, the draw seed
    :data:`SEED_BYTES`."""
    organiser, men, women = _people()
    by_key = {person.key: person for person in (*men, *women)}
    admins.set(GROUP.chat_id, organiser.user_id, True)
    services = dispatcher.services
    platform = ConsolePlatform(dispatcher, DemoScreen(output), FileShelf(files))
    chat = Conversation(platform, output)
    caller = Caller(GROUP.chat_id, ChatKind.GROUP)
    male, female = ("男", "女") if language is Language.ZH else ("m", "f")
    output(t("demo.title", language))
    output("")
    if language is Language.EN:
        await chat.say(organiser, "/lang en")
    await chat.say(organiser, "/new 周五掼蛋混双赛")
    await chat.say(organiser, "/mode mixed")
    await chat.tap(men[0], t("signup.button.male", language))
    await chat.tap(women[0], t("signup.button.female", language))
    for person in men[1:]:
        await chat.say(person, f"/signup {male}")
    for person in women[1:]:
        await chat.say(person, f"/signup {female}")
    await chat.say(organiser, "/entries")
    await chat.say(organiser, "/draw")
    rng = random.Random(RESULTS_SEED)
    disputed = False
    while True:
        view = await tables_view(services, caller)
        if not view.open:
            break
        for match in view.open:
            assert match.left is not None and match.right is not None and match.table is not None
            reporter, confirmer = by_key[match.left.members[0]], by_key[match.right.members[1]]
            left, right = _result_words(rng)
            clock.advance(minutes=40)
            await chat.say(reporter, f"/result {match.table} {left} {right}")
            if not disputed and view.round == 3:
                disputed = True
                await chat.say(confirmer, f"/result {match.table} {_other_side_says(left, right, language)}")
                await chat.say(organiser, f"/result {match.table} {left} {right}")
            else:
                await chat.tap(confirmer, t("tables.button.confirm", language))
    await chat.say(organiser, "/standings")
    await chat.say(organiser, "/export")
