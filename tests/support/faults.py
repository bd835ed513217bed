"""Telegram misbehaving on purpose: a seeded plan of failed sends and dropped long polls for the fakes.

With a :class:`FaultPlan` on a :class:`~tests.support.telegram.FakeTelegram`, each send (``sendMessage`` ...) fails
with probability ``send_rate``: a third each 429 with ``retry_after``, 502 Bad Gateway, or no answer at all (the
in-process fake raises ``telegram.error.TimedOut``; the HTTP server stalls past the client's read timeout and
hangs up). A send that timed out was not delivered. Each ``getUpdates`` answer is lost with probability
``poll_drop_rate`` (the connection drops after Telegram read the offset), so its updates come again.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field

SEND_METHODS = frozenset({
    "sendMessage", "sendDocument", "sendPhoto", "editMessageText", "editMessageReplyMarkup", "answerCallbackQuery",
})


class Fault(enum.Enum):
    RETRY_AFTER = "429"
    BAD_GATEWAY = "502"
    TIMEOUT = "timeout"


class SimulatedTimeout(Exception):  # noqa: N818 - not an error of the fake: the scripted absence of an answer
    """Raised by the fake Telegram instead of answering; each transport turns it into its own kind of silence."""


class SimulatedDrop(Exception):  # noqa: N818
    """The connection of a ``getUpdates`` call drops before its answer arrives."""


@dataclass
class FaultPlan:
    send_rate: float = 0.10
    poll_drop_rate: float = 0.05
    seed: int = 0
    retry_after: int = 1
    methods: frozenset[str] = SEND_METHODS
    counts: dict[str, int] = field(default_factory=dict)
    """How many of each fault were served (``"429"``, ``"502"``, ``"timeout"``, ``"drop"``)."""

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def for_call(self, method: str) -> Fault | None:
        if method not in self.methods or self._random.random() >= self.send_rate:
            return None
        fault = self._random.choice(tuple(Fault))
        self.counts[fault.value] = self.counts.get(fault.value, 0) + 1
        return fault

    def drops_poll(self) -> bool:
        dropped = self._random.random() < self.poll_drop_rate
        if dropped:
            self.counts["drop"] = self.counts.get("drop", 0) + 1
        return dropped
