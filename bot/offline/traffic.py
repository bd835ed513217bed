"""Club traffic for load runs: many groups, each with an organiser and members, sending a realistic command mix.

The mix is a table of weighted command makers; only makers whose command the bot registers are used, so the same
traffic grows with the bot (``/play``, ``/rule``, sign-ups ... join once their handlers exist). Everything is
drawn from one seeded ``random.Random``: the same seed gives the same updates.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

from bot.offline.updates import JSON, FakeUser, UpdateFactory, group_chat

FIRST_GROUP_ID = -4_100_000_000


@dataclass(frozen=True, slots=True)
class Club:
    chat: JSON
    organiser: FakeUser
    members: tuple[FakeUser, ...]

    @property
    def chat_id(self) -> int:
        return int(self.chat["id"])


@dataclass(frozen=True, slots=True)
class Say:
    """One message to send: who, the text."""

    sender: FakeUser
    text: str


Maker = Callable[[random.Random, Club], Say]

_PLAYS = ("S3 D3 C3 S4 D4", "H5 H6 H7 H8 H9", "SA DA", "S2 D2 C2 SA DA vs S3 D3 C3 S4 D4", "BJ RJ", "C9",
          "level=K SK DK", "S7 D7 C7 H7")
_QUESTIONS = ("抗贡", "进贡规则", "who leads after tribute", "同花顺", "过A", "双下", "how many bombs", "接风")


def _member(rng: random.Random, club: Club) -> FakeUser:
    return rng.choice(club.members)


def _say(text: str) -> Maker:
    return lambda rng, club: Say(_member(rng, club), text)


def ask_help(rng: random.Random, club: Club) -> Say:
    return Say(_member(rng, club), "/help")


def greet(rng: random.Random, club: Club) -> Say:
    return Say(_member(rng, club), "/start")


def ask_language(rng: random.Random, club: Club) -> Say:
    return Say(club.organiser, "/lang")


def choose_language(rng: random.Random, club: Club) -> Say:
    return Say(club.organiser, f"/lang {rng.choice(('zh', 'en'))}")


def try_choosing_language(rng: random.Random, club: Club) -> Say:
    return Say(_member(rng, club), "/lang en")  # refused: members may not choose


def ask_play(rng: random.Random, club: Club) -> Say:
    return Say(_member(rng, club), f"/play {rng.choice(_PLAYS)}")


def ask_rule(rng: random.Random, club: Club) -> Say:
    return Say(_member(rng, club), f"/rule {rng.choice(_QUESTIONS)}")


Mix = tuple[tuple[str, int, Maker], ...]

MIX: Mix = (
    ("help", 8, ask_help),
    ("start", 4, greet),
    ("lang", 5, ask_language),
    ("lang", 2, choose_language),
    ("lang", 1, try_choosing_language),
    ("play", 20, ask_play),
    ("rule", 15, ask_rule),
    ("entries", 8, _say("/entries")),
    ("tables", 8, _say("/tables")),
    ("standings", 5, _say("/standings")),
)
"""(command, weight, maker). Weights are relative; rows of commands the bot does not have are left out."""


class ClubTraffic:
    def __init__(
        self,
        commands: Collection[str],
        *,
        groups: int = 100,
        members_per_group: int = 12,
        seed: int = 1,
        first_update_id: int = 1,
        mix: Mix = MIX,
    ) -> None:
        self.random = random.Random(seed)
        self.updates = UpdateFactory(first_update_id=first_update_id)
        self.clubs = tuple(self._club(number, members_per_group) for number in range(groups))
        self.mix = [(name, weight, maker) for name, weight, maker in mix if name in commands]
        if not self.mix:
            raise ValueError("none of the mix's commands is registered")
        self.commands_used = sorted({name for name, _, _ in self.mix})

    @staticmethod
    def _club(number: int, members: int) -> Club:
        base = 10_000_000 + number * 1_000
        organiser = FakeUser(base, f"组织者{number}", f"org{number}")
        people = tuple(
            FakeUser(base + index, f"玩家{number}-{index}", f"p{number}_{index}",
                     language_code="zh-hans" if index % 3 else "en")
            for index in range(1, members + 1)
        )
        return Club(group_chat(FIRST_GROUP_ID - number, f"掼蛋俱乐部 {number}"), organiser, people)

    def next_update(self) -> JSON:
        club = self.random.choice(self.clubs)
        _, _, maker = self.random.choices(self.mix, weights=[weight for _, weight, _ in self.mix])[0]
        say = maker(self.random, club)
        return self.updates.message(club.chat, say.sender, say.text)

    def stream(self, count: int) -> Iterator[JSON]:
        for _ in range(count):
            yield self.next_update()

    def greetings(self) -> Iterator[JSON]:
        """One ``/start`` per group (a warm-up that touches every chat once)."""
        for club in self.clubs:
            yield self.updates.message(club.chat, club.organiser, "/start")
