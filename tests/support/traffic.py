"""Club traffic for load runs: many groups, each with an organiser and members, sending a realistic command mix.

The mix is a table of weighted command makers; only makers whose command the bot registers are used, so the same
traffic grows with the bot. Each club also runs its own tournament from ``/new`` through sign-ups, the draw and
every table's result (:class:`TournamentScript`), between questions (``/entries``, ``/tables``, ``/standings``,
``/play``, ``/rule`` ...). Everything is drawn from one seeded ``random.Random``: the same seed gives the same
updates.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

from tests.support.updates import JSON, FakeUser, UpdateFactory, group_chat

FIRST_GROUP_ID = -4_100_000_000


@dataclass(slots=True)
class TournamentScript:
    """Where a club's own tournament stands, so the traffic sends the next sensible step: ``/new``, every member
    ``/signup`` alone (paired by lot), ``/draw``, then the organiser's ``/result`` for each table, round by round,
    and again. The traffic does not read the bot's answers; a step the bot refuses is still realistic load."""

    number: int = 0
    stage: str = "new"
    signed: int = 0
    round: int = 0
    table: int = 0

    @staticmethod
    def tables_in(pairs: int, round_number: int) -> int:
        """Tables of a knockout round: byes skip round 1; the last round may also hold the third-place match."""
        size = 1 << max(1, (pairs - 1).bit_length())
        matches = pairs - size // 2 if round_number == 1 else size >> round_number
        return 2 if matches == 1 and size > 2 else matches

    def next_step(self, club: Club) -> Say:
        pairs = len(club.members) // 2
        if self.stage == "new":
            self.number += 1
            self.stage, self.signed = "signup", 0
            return Say(club.organiser, f"/new 周五杯 {self.number}")
        if self.stage == "signup":
            member = club.members[self.signed]
            self.signed += 1
            if self.signed == len(club.members):
                self.stage = "draw"
            return Say(member, "/signup")
        if self.stage == "draw":
            self.stage, self.round, self.table = "results", 1, 0
            return Say(club.organiser, "/draw")
        self.table += 1
        say = Say(club.organiser, f"/result {self.table} K A+")
        if self.table >= self.tables_in(pairs, self.round):
            self.round, self.table = self.round + 1, 0
            if self.tables_in(pairs, self.round) < 1:
                self.stage = "new"
        return say


@dataclass(frozen=True, slots=True)
class Club:
    chat: JSON
    organiser: FakeUser
    members: tuple[FakeUser, ...]
    script: TournamentScript


    @property
    def chat_id(self) -> int:
        return int(self.chat["id"])


@dataclass(frozen=True, slots=True)
class Say:
    """One message to send: who, the text."""

    sender: FakeUser
    text: str


Maker = Callable[[random.Random, "Club"], Say]

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


def run_tournament(rng: random.Random, club: Club) -> Say:
    return club.script.next_step(club)


def report_elsewhere(rng: random.Random, club: Club) -> Say:
    return Say(_member(rng, club), f"/result {rng.randint(1, 4)} 10 A+")  # mostly refused: not their table


Mix = tuple[tuple[str, int, Maker], ...]

MIX: Mix = (
    ("draw", 30, run_tournament),
    ("entries", 6, _say("/entries")),
    ("tables", 6, _say("/tables")),
    ("standings", 5, _say("/standings")),
    ("bracket", 2, _say("/bracket")),
    ("result", 2, report_elsewhere),
    ("play", 15, ask_play),
    ("rule", 10, ask_rule),
    ("help", 5, ask_help),
    ("start", 2, greet),
    ("lang", 4, ask_language),
    ("lang", 1, choose_language),
    ("lang", 1, try_choosing_language),
)
"""(command, weight, maker). Weights are relative; rows of commands the bot does not have are left out."""

QUESTIONS_MIX: Mix = tuple(row for row in MIX if row[2] not in (run_tournament, report_elsewhere, choose_language))
"""Only questions (and a refusal): what a group asks between tournaments; no tournament is run."""


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
        return Club(group_chat(FIRST_GROUP_ID - number, f"掼蛋俱乐部 {number}"), organiser, people, TournamentScript())

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
