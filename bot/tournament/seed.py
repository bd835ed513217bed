"""The draw seed and its commitment: every random choice of a draw comes from 32 secret bytes.

Commit–reveal: when the tournament opens the caller makes a seed from fresh operating-system randomness
(``new_seed(os.urandom(32))``) and publishes its commitment, the SHA-256 of the seed bytes in hex, before anyone
has signed up. At the draw the seed itself is published; anyone can check ``sha256(seed) == commitment`` (so the
seed was not chosen after seeing the entries, provided the commitment was public before them) and recompute the
draw (``python -m bot verify-draw``).

Each use of randomness gets its own stream, ``random.Random`` seeded with the integer read (big-endian) from
``sha256(seed_bytes + purpose)``, with purposes ``b"pairing"`` and ``b"bracket"``: a change in how one part draws
never shifts the other.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from bot.errors import TournamentError

SEED_BYTES = 32


class BadSeedError(TournamentError):
    key = "draw.bad_seed"


@dataclass(frozen=True, slots=True)
class DrawSeed:
    value: bytes

    def __post_init__(self) -> None:
        if len(self.value) != SEED_BYTES:
            raise ValueError(f"a draw seed is {SEED_BYTES} bytes, not {len(self.value)}")

    @classmethod
    def from_hex(cls, text: str) -> DrawSeed:
        """A published seed (64 hex digits); raise :class:`BadSeedError`."""
        try:
            value = bytes.fromhex(text.strip())
        except ValueError:
            raise BadSeedError(seed=text) from None
        if len(value) != SEED_BYTES:
            raise BadSeedError(seed=text)
        return cls(value)

    @property
    def hex(self) -> str:
        return self.value.hex()

    @property
    def commitment(self) -> str:
        """What is published before the draw: SHA-256 of the seed bytes, 64 lowercase hex digits."""
        return hashlib.sha256(self.value).hexdigest()

    def matches(self, commitment: str) -> bool:
        return self.commitment == commitment.strip().lower()

    def stream(self, purpose: bytes) -> random.Random:
        """An independent generator for one use of randomness (``b"pairing"``, ``b"bracket"``)."""
        digest = hashlib.sha256(self.value + purpose).digest()
        return random.Random(int.from_bytes(digest, "big"))


def new_seed(entropy: bytes) -> DrawSeed:
    """A seed from exactly :data:`SEED_BYTES` bytes of fresh randomness (the caller passes ``os.urandom(32)``)."""
    return DrawSeed(entropy)
