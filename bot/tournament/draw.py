"""The fair draw (抽签): pairing by lot and bracket positions, all from one committed seed.

The draw is a pure function of the entry list, the seed and the bracket options; the chat layer drives it
(commit to the seed, close sign-up, draw, reveal, publish the draw file). The sequence, the canonical order and
the public keys that keep accounts out of the draw file: docs/design.md, "The fair draw".
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import hmac
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.tournament.bracket import Bracket, BracketOptions, bracket_on_lines, create_bracket
from bot.tournament.entries import ACCOUNT_PREFIXES, Entry, Person, RegistrationMode
from bot.tournament.pairing import Pairing, pair_entries
from bot.tournament.registration import (
    AlreadyDrawnError,
    Registration,
    RegistrationState,
    RegistrationStillOpenError,
)
from bot.tournament.seed import DrawSeed
from bot.tournament.seeding import seeded_lines
from bot.tournament.teams import Team

PAIRING_STREAM = b"pairing"
BRACKET_STREAM = b"bracket"
PERSON_KEY_STREAM = b"person-keys"
PUBLIC_KEY_PREFIX = "hmac:"
PUBLIC_KEY_HEX_DIGITS = 24
ACCOUNT_SECRET_BYTES = 32


class DrawOrder(enum.Enum):
    """The canonical order a draw starts from, by draw file version."""

    PERSON_KEYS = 1
    """Version 1: by the person keys as they were (``tg:<id>``)."""
    PUBLIC_KEYS = 2
    """Version 2: by the public keys, accounts keyed by the seed (enumerable once the seed is revealed)."""
    SHOWN = 3
    """Version 3: by what the file shows of each member (name, gender, unit), then the public key; accounts keyed
    by the draw's account secret, never published."""


def public_key(seed: DrawSeed, key: str, account_secret: bytes | None = None) -> str:
    """How the draw file shows a person key.

    An account (``tg:<id>``, ``wecom:<n>``) as ``hmac:<24 hex>``, keyed by ``account_secret`` (version 3) or, without
    one, by the seed (version 2); any other key (a name, or an already public key) as it is."""
    if not key.startswith(ACCOUNT_PREFIXES):
        return key
    secret = account_secret if account_secret is not None else hashlib.sha256(seed.value + PERSON_KEY_STREAM).digest()
    digest = hmac.new(secret, key.encode("utf-8"), hashlib.sha256).hexdigest()
    return PUBLIC_KEY_PREFIX + digest[:PUBLIC_KEY_HEX_DIGITS]


def check_account_secret(account_secret: bytes | None) -> None:
    """Refuse an account secret shorter than :data:`ACCOUNT_SECRET_BYTES` (a short one could be guessed)."""
    if account_secret is not None and len(account_secret) < ACCOUNT_SECRET_BYTES:
        raise ValueError(f"an account secret is at least {ACCOUNT_SECRET_BYTES} bytes, not {len(account_secret)}")


def default_order(account_secret: bytes | None) -> DrawOrder:
    """The order of a draw made now: :attr:`DrawOrder.SHOWN` with an account secret, else the version 2 order."""
    return DrawOrder.PUBLIC_KEYS if account_secret is None else DrawOrder.SHOWN


def is_public_key(text: str) -> bool:
    digits = text.removeprefix(PUBLIC_KEY_PREFIX)
    return (text.startswith(PUBLIC_KEY_PREFIX) and len(digits) == PUBLIC_KEY_HEX_DIGITS
            and all(char in "0123456789abcdef" for char in digits))


@dataclass(frozen=True, slots=True)
class Draw:
    """Everything a draw decided, with everything needed to recompute it."""

    mode: RegistrationMode
    entries: tuple[Entry, ...]
    """The entries drawn (the registration's active ones) in canonical order."""
    seed: DrawSeed
    options: BracketOptions
    teams: tuple[Team, ...]
    reserves: tuple[Person, ...]
    """People the pairing left out (odd single, extras of the larger side in mixed mode), in lot order."""
    bracket: Bracket

    order: DrawOrder = DrawOrder.PUBLIC_KEYS
    """How the entries were put in canonical order, so which draw file version shows this draw."""
    ratings: Mapping[str, int] | None = None
    """Seeded by rating (``bot.tournament.seeding``): each drawn person's rating in millionths; ``None``: by lot."""
    account_secret: bytes | None = dataclasses.field(default=None, repr=False)
    """The secret the accounts' public keys are keyed by (version 3); never published."""

    @property
    def commitment(self) -> str:
        return self.seed.commitment

    def public_key(self, key: str) -> str:
        """A person key as the draw file shows it."""
        if self.order is DrawOrder.PERSON_KEYS:
            return key
        return public_key(self.seed, key, self.account_secret)


def undrawable(registration: Registration) -> tuple[Entry, ...]:
    """Active entries the draw leaves out: in ``mixed`` mode, those without a gender."""
    if registration.mode is not RegistrationMode.MIXED:
        return ()
    return tuple(entry for entry in registration.active if entry.members[0].gender is None)


def _shown_order_key(entries: Sequence[Entry], seed: DrawSeed, account_secret: bytes | None) -> Callable[[str], str]:
    """Version 3's sort key of a person key.

    What the file shows of the person (name, gender, unit), then their public key; NUL separates the parts (no name or
    unit holds one), so a shorter name sorts first."""
    shown: dict[str, str] = {}
    for entry in entries:
        for person in entry.members:
            gender = "" if person.gender is None else person.gender.value
            shown[person.key] = "\0".join((person.name, gender, person.unit or "",
                                            public_key(seed, person.key, account_secret)))
    return shown.__getitem__


def draw_pairs(registration: Registration, seed: DrawSeed, *, order: DrawOrder | None = None,
               account_secret: bytes | None = None) -> Pairing:
    """The pairs and reserves of every format's draw.

    The closed registration's drawable active entries in canonical order (``order``; by default :func:`default_order`),
    paired with the seed's ``b"pairing"`` stream. ``account_secret``: what the accounts' public keys are keyed by
    (version 3); ``None``: the seed (version 2).

    Raise ``RegistrationStillOpenError`` before registration closes, ``AlreadyDrawnError`` after a draw was
    marked, ``TooFewEntriesError`` when fewer than two pairs can be formed; ``ValueError`` for a version 3 order
    of accounts without an account secret (their keys would be the seed's, enumerable).
    """
    check_account_secret(account_secret)
    order = order or default_order(account_secret)
    if registration.state is RegistrationState.OPEN:
        raise RegistrationStillOpenError()
    if registration.state is RegistrationState.DRAWN:
        raise AlreadyDrawnError()
    left_out = set(undrawable(registration))
    entries = [entry for entry in registration.active if entry not in left_out] if left_out else registration.active
    if order is DrawOrder.PERSON_KEYS:
        return pair_entries(registration.mode, entries, seed.stream(PAIRING_STREAM))
    if order is DrawOrder.SHOWN:
        if account_secret is None and any(person.has_account for entry in entries for person in entry.members):
            raise ValueError("a version 3 draw of accounts needs an account secret")
        return pair_entries(registration.mode, entries, seed.stream(PAIRING_STREAM),
                            _shown_order_key(entries, seed, account_secret))

    def order_key(key: str) -> str:
        return public_key(seed, key, account_secret)

    return pair_entries(registration.mode, entries, seed.stream(PAIRING_STREAM), order_key)


def draw(registration: Registration, seed: DrawSeed, options: BracketOptions, *, order: DrawOrder | None = None,
         ratings: Mapping[str, int] | None = None, account_secret: bytes | None = None) -> Draw:
    """Pair the closed registration by lot and create the bracket, all from ``seed``.

    The closed registration's active entries are paired by :func:`draw_pairs` (raising as it does). ``ratings`` (person
    key → millionths): the bracket is seeded by the pairs' summed ratings, the lot deciding among equals
    (``bot.tournament.seeding``). ``account_secret``: the bot's draws pass one (version 3); ``order``: a version 1 or 2
    file's order, to recompute it."""
    order = order or default_order(account_secret)
    pairing = draw_pairs(registration, seed, order=order, account_secret=account_secret)
    if ratings is None:
        bracket = create_bracket(pairing.teams, seed.stream(BRACKET_STREAM), options)
    else:
        lines = seeded_lines(pairing.teams, seed.stream(BRACKET_STREAM), ratings)
        bracket = bracket_on_lines(pairing.teams, lines, options)
    return Draw(registration.mode, pairing.entries, seed, options, pairing.teams, pairing.reserves, bracket,
                order, ratings, account_secret)
