"""The demo tournament (``python -m bot demo``): played in a simulated group and printed.

Nine men and twelve women sign up (mostly by command, some with the buttons), the organiser draws — nine pairs,
three women in reserve, seven byes — and every table is reported by one pair and confirmed by the other (one
result is disputed and settled by the organiser) until the final. Everything goes through the real handlers on
the in-process fake Bot API and a real SQLite file in a temporary folder; the draw seed and the results are fixed,
so every run prints the same conversation.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.clock import ManualClock
from bot.config import Settings
from bot.i18n import Language, t
from bot.services.caller import Caller, ChatKind
from bot.services.tournament.views import tables_view
from handlers.console.chat import button_rows, plain
from tests.support.harness import OfflineBot
from tests.support.telegram import ApiCall
from tests.support.updates import FakeUser, group_chat

GROUP = group_chat(-4_000_321, "掼蛋俱乐部")
MEN = ("张伟", "王强", "李军", "刘洋", "陈杰", "杨磊", "赵勇", "黄涛", "周斌")
WOMEN = ("王芳", "李娜", "张敏", "刘静", "陈丽", "杨艳", "赵霞", "黄丹", "周婷", "吴倩", "徐莉", "孙悦")
SEED_BYTES = bytes(range(32))
"""The demo's fixed draw seed (a real draw takes fresh system randomness)."""
RESULTS_SEED = 2026
_LEVELS = ("2", "5", "8", "10", "J", "Q", "K", "A", "A+")


class Conversation:
    """Speak in the simulated group as someone, tap buttons, and print what everyone sees."""

    def __init__(self, offline: OfflineBot, output: Callable[[str], None]) -> None:
        self.offline = offline
        self.output = output
        self.last_buttons: dict[str, Any] | None = None

    async def say(self, user: FakeUser, text: str) -> None:
        self.output(f"👤 {user.first_name}: {text}")
        await self._run(self.offline.updates.message(GROUP, user, text))

    async def tap(self, user: FakeUser, label: str) -> None:
        message = self.last_buttons
        rows = button_rows(message.get("reply_markup")) if message else []
        data = next((data for row in rows for text, data in row if text == label), None)
        if message is None or data is None:
            raise LookupError(f"no button {label!r} on the last message with buttons")
        self.output(f"👤 {user.first_name}: [{label}]")
        await self._run(self.offline.updates.callback_query(GROUP, user, data, message))

    async def _run(self, update: dict[str, Any]) -> None:
        before = len(self.offline.telegram.calls)
        await self.offline.process(update)
        for call in self.offline.telegram.calls[before:]:
            if call.status == 200:
                self._show(call)

    def _show(self, call: ApiCall) -> None:
        if call.method == "sendDocument":
            name = next(iter(call.files.values()))[0] if call.files else "document"
            self.output(f"🤖 📎 {name} — {plain(call.text)}")
        elif call.method in {"sendMessage", "editMessageText"}:
            mark = "🤖 " if call.method == "sendMessage" else "🤖✏️ "
            self.output(mark + plain(call.text).replace("\n", "\n   "))
        elif call.method in {"sendPhoto", "sendMediaGroup"}:
            for name, _ in call.files.values():
                self.output(f"🤖 🖼 {name} — {plain(call.text)}" if call.text else f"🤖 🖼 {name}")
        elif call.method == "answerCallbackQuery" and call.params.get("text"):
            self.output("🤖💬 " + plain(str(call.params["text"])))
        buttons = button_rows(call.params.get("reply_markup"))
        if buttons and isinstance(call.result, dict):
            self.last_buttons = call.result
            self.output("   " + "  ".join(f"[{text}]" for row in buttons for text, _ in row))
        if call.method in {"sendMessage", "sendDocument", "sendPhoto", "sendMediaGroup"}:
            self.output("")


def _people() -> tuple[FakeUser, list[FakeUser], list[FakeUser]]:
    organiser = FakeUser(5000, "老王", "laowang")
    men = [FakeUser(5100 + number, name) for number, name in enumerate(MEN)]
    women = [FakeUser(5200 + number, name) for number, name in enumerate(WOMEN)]
    return organiser, men, women


def _result_words(rng: random.Random) -> tuple[str, str]:
    """A final-level pair with different levels (the winner then needs no naming)."""
    left, right = rng.sample(_LEVELS, 2)
    return left, right


async def play_demo(settings: Settings, language: Language, output: Callable[[str], None]) -> None:
    organiser, men, women = _people()
    by_key = {f"tg:{user.user_id}": user for user in (*men, *women)}
    clock = ManualClock()
    async with OfflineBot.running(settings, clock=clock, entropy=lambda size: SEED_BYTES[:size]) as offline:
        offline.telegram.set_admins(int(GROUP["id"]), organiser.to_json())
        chat = Conversation(offline, output)
        services = offline.application.bot_data.services
        caller = Caller(int(GROUP["id"]), ChatKind.GROUP)
        male, female = ("男", "女") if language is Language.ZH else ("m", "f")
        output(t("demo.title", language))
        output("")
        if language is Language.EN:
            await chat.say(organiser, "/lang en")
        await chat.say(organiser, "/new 周五掼蛋混双赛")
        await chat.say(organiser, "/mode mixed")
        await chat.tap(men[0], t("signup.button.male", language))
        await chat.tap(women[0], t("signup.button.female", language))
        for user in men[1:]:
            await chat.say(user, f"/signup {male}")
        for user in women[1:]:
            await chat.say(user, f"/signup {female}")
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
                    await chat.say(confirmer, f"/result {match.table} {right} {left}")
                    await chat.say(organiser, f"/result {match.table} {left} {right}")
                else:
                    await chat.tap(confirmer, t("tables.button.confirm", language))
        await chat.say(organiser, "/standings")
        await chat.say(organiser, "/export")
