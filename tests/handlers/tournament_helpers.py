"""A club running a tournament: people who speak, tap buttons and report results.

``DispatchedClub`` drives the dispatcher itself (``tests.support.dispatched``: no platform), the level of a command's
behaviour; ``Club`` drives the real Telegram application through the offline fake Bot API, for what Telegram does
itself (HTML, buttons as Telegram shows them, anonymous administrators). Both hold a group administered by 老王
(``admin``), Lily (``member``) and as many players as a test asks for (``club.person(n)``, user ids 3001, 3002, …).
Results are played through the commands a group would type.
"""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.clock import Clock, system_clock
from bot.config import Settings
from bot.ruleset.scoring import Side
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.tournament.state import TournamentState, read_state
from bot.tournament.matches import Match
from handlers.buttons import Note
from handlers.invocation import Attachment
from storage import Storage
from tests.support.dispatched import Answer, Chat, DispatchedBot
from tests.support.harness import OfflineBot
from tests.support.telegram import ApiCall
from tests.support.updates import FakeUser

LEVELS = ("2", "6", "9", "J", "K", "A", "A+")


def final_levels(rng: random.Random) -> tuple[str, str]:
    """Final levels a match without a time limit can end with: one pair passed A, the other did not."""
    loser = rng.choice(LEVELS[:-1])
    return ("A+", loser) if rng.random() < 0.5 else (loser, "A+")


def button_rows(markup: object) -> list[list[tuple[str, str]]]:
    """The (label, callback data) of each inline button of a Bot API ``reply_markup``, row by row."""
    if not isinstance(markup, dict):
        return []
    return [[(str(button.get("text", "")), str(button.get("callback_data", ""))) for button in row]
            for row in markup.get("inline_keyboard", [])]
FIRST_PLAYER_ID = 3000


async def fingerprint(storage: Storage) -> tuple[Any, ...]:
    """Everything a command could change (history, tournaments, entries, invitations, match rows), to check that a
    refused one changed nothing."""
    async with storage.read() as tx:
        events = await tx.fetch_value("SELECT count(*) FROM history")
        rows = await tx.fetch_all("SELECT * FROM tournaments ORDER BY tournament_id")
        entries = await tx.fetch_value("SELECT count(*) FROM entries")
        invitations = await tx.fetch_all("SELECT status FROM invitations ORDER BY invitation_id")
        matches = await tx.fetch_all("SELECT match_id, revision FROM matches ORDER BY tournament_id, match_id")
        tables = await tx.fetch_all(
            "SELECT match_id, revision, left_team, right_team FROM event_tables ORDER BY tournament_id, match_id")
    return (events, json.dumps([dict(row) for row in rows], sort_keys=True), entries,
            [tuple(row) for row in invitations], [tuple(row) for row in matches], [tuple(row) for row in tables])


class Playing:
    """What both clubs do through their ``say``: sign players up, find who sits at a table, play rounds."""

    admin: Any

    async def say(self, sender: Any, text: str) -> list[str]:
        raise NotImplementedError

    async def state(self) -> TournamentState:
        raise NotImplementedError

    def person(self, number: int) -> Any:
        raise NotImplementedError

    def by_key(self, key: str) -> Any:
        raise NotImplementedError

    async def sign_up_singles(self, count: int, start: int = 1) -> list[Any]:
        users = [self.person(number) for number in range(start, start + count)]
        for user in users:
            await self.say(user, "/signup")
        return users

    def seat(self, match: Match, side: Side, index: int = 0) -> Any:
        team = match.team(side)
        assert team is not None
        return self.by_key(team.members[index])

    async def play_round(self, rng: random.Random, *, by_players: bool = True) -> list[str]:
        """Every open table: the left pair reports random final levels and the right pair confirms (or the
        organiser decides, ``by_players=False``). The texts of the last reply."""
        bracket = (await self.state()).require_bracket()
        texts: list[str] = []
        for match in bracket.playable():
            left, right = final_levels(rng)
            if by_players:
                await self.say(self.seat(match, Side.LEFT), f"/result {match.table} {left} {right}")
                texts = await self.say(self.seat(match, Side.RIGHT, 1), f"/confirm {match.table}")
            else:
                texts = await self.say(self.admin, f"/result {match.table} {left} {right}")
        return texts

    async def play_to_the_end(self, rng: random.Random, *, by_players: bool = True) -> list[str]:
        texts: list[str] = []
        for _ in range(12):
            if (await self.state()).require_bracket().finished:
                return texts
            texts = await self.play_round(rng, by_players=by_players)
        raise AssertionError("the tournament did not finish")



@dataclass
class Club(Playing):
    offline: OfflineBot
    chat: dict[str, Any]
    admin: FakeUser
    member: FakeUser
    """Lily (user 202, English Telegram), not an administrator."""
    people: dict[int, FakeUser] = field(default_factory=dict)

    @property
    def chat_id(self) -> int:
        return int(self.chat["id"])

    def person(self, number: int, name: str | None = None, username: str | None = None,
               language_code: str | None = "zh") -> FakeUser:
        """Player ``number`` (made on first use; ``name``/``username`` only matter then)."""
        if number not in self.people:
            self.people[number] = FakeUser(FIRST_PLAYER_ID + number, name or f"选手{number}", username,
                                           language_code=language_code)
        return self.people[number]

    def by_key(self, key: str) -> FakeUser:
        user_id = int(key.removeprefix("tg:"))
        return next(user for user in (*self.people.values(), self.admin, self.member) if user.user_id == user_id)

    async def calls(self, sender: FakeUser | None, text: str, **options: Any) -> list[ApiCall]:
        return await self.offline.process(self.offline.updates.message(self.chat, sender, text, **options))

    async def say(self, sender: FakeUser | None, text: str, **options: Any) -> list[str]:
        return [call.text for call in await self.calls(sender, text, **options)]

    async def press(self, sender: FakeUser, data: str, message: dict[str, Any] | None = None,
                    ) -> tuple[list[ApiCall], ApiCall]:
        """``sender`` presses a button with ``data`` on ``message`` (default: a message of the bot); the replies
        and the ``answerCallbackQuery`` call."""
        shown = message or self.offline.updates.bot_message_json(self.chat, self.offline.telegram.bot_user, "…")
        before = len(self.offline.telegram.calls)
        replies = await self.offline.process(self.offline.updates.callback_query(self.chat, sender, data, shown))
        answers = [call for call in self.offline.telegram.calls[before:] if call.method == "answerCallbackQuery"]
        assert len(answers) == 1, "every press is answered exactly once"
        return replies, answers[0]

    async def tap(self, sender: FakeUser, call: ApiCall, label_part: str) -> tuple[list[ApiCall], ApiCall]:
        """Press the button whose label contains ``label_part`` on the message ``call`` sent."""
        rows = button_rows(call.params.get("reply_markup"))
        data = next(data for row in rows for text, data in row if label_part in text)
        assert isinstance(call.result, dict)
        return await self.press(sender, data, call.result)

    async def state(self) -> TournamentState:
        return await read_state(self.offline.application.bot_data.services, self.chat_id)

    async def fingerprint(self) -> tuple[Any, ...]:
        """Everything a command could change, to check that a refused one changed nothing."""
        return await fingerprint(self.offline.application.bot_data.services.storage)

    def caller(self) -> Caller:
        return Caller(self.chat_id, ChatKind.GROUP)


@dataclass
class DispatchedClub(Playing):
    """The club on the dispatcher: 老王 administers the group, Lily does not.

    Answers are the neutral markup the commands wrote (``bot.richtext``: Telegram's HTML but for mentions), so an
    assertion on ``<b>`` or ``<code>`` means the same here as on Telegram."""

    bot: DispatchedBot
    chat: Chat = Chat.group(-4_000_123, "周五掼蛋")
    admin: ChatUser = ChatUser(101, "老王", "laowang", "zh-hans")
    member: ChatUser = ChatUser(202, "Lily", "lily", "en")
    """Lily (user 202, English app), not an administrator."""
    people: dict[int, ChatUser] = field(default_factory=dict)
    downloads: int = 0
    """How many files sent with :meth:`send_file` the bot downloaded."""

    @classmethod
    @asynccontextmanager
    async def running(cls, settings: Settings, *, clock: Clock = system_clock) -> AsyncIterator[DispatchedClub]:
        async with DispatchedBot.running(settings, clock=clock) as bot:
            club = cls(bot)
            bot.set_admins(club.chat, club.admin)
            yield club

    @property
    def chat_id(self) -> int:
        return self.chat.chat_id

    def person(self, number: int, name: str | None = None, username: str | None = None,
               language_code: str | None = "zh") -> ChatUser:
        """Player ``number`` (made on first use; ``name``/``username`` only matter then)."""
        if number not in self.people:
            self.people[number] = ChatUser(FIRST_PLAYER_ID + number, name or f"选手{number}", username, language_code)
        return self.people[number]

    def by_key(self, key: str) -> ChatUser:
        return next(user for user in (*self.people.values(), self.admin, self.member) if user.key == key)

    async def say(self, sender: ChatUser, text: str, **options: Any) -> list[str]:
        """The texts (markup; a file's or pictures' caption) the bot answered ``sender`` in the group (``options``:
        those of :meth:`DispatchedBot.answers`, e.g. ``replying_to``)."""
        return [answer.text for answer in await self.bot.answers(self.chat, sender, text, **options)]

    async def calls(self, sender: ChatUser, text: str, **options: Any) -> list[Answer]:
        """Everything the bot answered ``sender``: messages (``.text``, ``.buttons``), files and pictures."""
        return await self.bot.answers(self.chat, sender, text, **options)

    async def press(self, sender: ChatUser, data: str) -> tuple[list[Answer], Note | None]:
        """``sender`` presses a button carrying ``data`` in the group: what the bot posted or edited, and the
        presser's note."""
        return await self.bot.press(self.chat, sender, data)

    async def send_file(self, sender: ChatUser, name: str, content: bytes, caption: str = "", *,
                        announced: bool = True) -> list[Answer]:
        """``sender`` sends the file ``name`` with the caption ``caption`` in the group (its size announced before
        the download, or not); everything answered."""
        async def download() -> bytes:
            self.downloads += 1
            return content

        attachment = Attachment(name, len(content) if announced else None, download)
        return await self.bot.answers(self.chat, sender, caption, file=attachment)

    async def tap(self, sender: ChatUser, answer: Answer, label_part: str) -> tuple[list[Answer], Note | None]:
        """Press the button whose label contains ``label_part`` under ``answer``: what the bot posted or edited,
        and the presser's note."""
        data = next(button.action for row in answer.buttons or () for button in row if label_part in button.label)
        return await self.press(sender, data)

    async def state(self) -> TournamentState:
        return await read_state(self.bot.services, self.chat_id)

    async def fingerprint(self) -> tuple[Any, ...]:
        """Everything a command could change, to check that a refused one changed nothing."""
        return await fingerprint(self.bot.services.storage)

    def caller(self) -> Caller:
        return Caller(self.chat_id, ChatKind.GROUP)
