"""The fair draw (抽签): pairing by lot and bracket positions, all from one committed seed.

Sequence (the chat layer drives it; every step here is pure):

1. When the tournament opens: ``seed = new_seed(os.urandom(32))``; publish ``seed.commitment`` (SHA-256 of the
   seed) before anyone signs up, and keep the seed secret.
2. ``registration.close`` — sign-ups stop.
3. ``result = draw(registration, seed, options)`` then ``registration.mark_drawn``; publish the outcome, reveal
   the seed and offer the draw file (``bot.tournament.draw_file.export_draw``, with the time the commitment was
   published) so anyone can run ``python -m bot verify-draw FILE``.

The draw is a pure function of (the sorted entry list, the seed, the bracket options): the active entries are put
in canonical order — sorted by their members' PUBLIC keys (:func:`public_key`), so neither sign-up times nor entry
numbers matter — then paired with the seed's ``b"pairing"`` stream (``bot.tournament.pairing``) and placed into the
bracket with its ``b"bracket"`` stream (``bot.tournament.bracket.create_bracket``: byes, round-1 unit avoidance,
tables).

Public keys: the draw file must not show Telegram ids, yet ``verify-draw`` must recompute the
canonical order from the file alone. An account's key ``tg:<id>`` is published as ``hmac:<24 hex digits>``, the
first 96 bits of HMAC-SHA-256 under a key derived from the seed (``sha256(seed + b"person-keys")``); a key entered
by name (``name:<name>``) is already public and stays. The draw sorts by these public keys, so the file's keys are
exactly what verification sorts by, and :func:`public_key` of a public key is itself. Why a key derived from the
seed rather than a secret of its own: the seed is committed before anyone signs up, so the order is fixed by
the commitment too; a separate secret chosen at the draw would let whoever runs the bot re-roll the order. The
price: once the seed is revealed, whoever guesses a Telegram id can test whether it is in the file — and Telegram
ids are few enough to enumerate: a probe matched all 8 real 10-digit ids of a file (issue 28, finding 12, still
open). So a published draw file does reveal its account holders' ids to a determined reader.

In ``mixed`` mode an entry without a gender cannot be paired by lot, so it is not drawn (:func:`undrawable`: the
organiser is warned before the draw and can set the gender with ``/gender``).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
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


def public_key(seed: DrawSeed, key: str) -> str:
    """How the draw file shows a person key: an account (``tg:<id>``, ``wecom:<n>``) as ``hmac:<24 hex>``, keyed by
    the seed; any other key (a name, or an already public key) as it is."""
    if not key.startswith(ACCOUNT_PREFIXES):
        return key
    secret = hashlib.sha256(seed.value + PERSON_KEY_STREAM).digest()
    digest = hmac.new(secret, key.encode("utf-8"), hashlib.sha256).hexdigest()
    return PUBLIC_KEY_PREFIX + digest[:PUBLIC_KEY_HEX_DIGITS]


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

    keyed_order: bool = True
    """Sorted by public keys (every draw made now); ``False`` only to recompute a version 1 file's draw, which
    sorted by the keys as they were."""
    ratings: Mapping[str, int] | None = None
    """Seeded by rating (``bot.tournament.seeding``): each drawn person's rating in millionths; ``None``: by lot."""

    @property
    def commitment(self) -> str:
        return self.seed.commitment

    def public_key(self, key: str) -> str:
        """A person key as the draw file shows it."""
        return public_key(self.seed, key) if self.keyed_order else key


def undrawable(registration: Registration) -> tuple[Entry, ...]:
    """Active entries the draw leaves out: in ``mixed`` mode, those without a gender."""
    if registration.mode is not RegistrationMode.MIXED:
        return ()
    return tuple(entry for entry in registration.active if entry.members[0].gender is None)


def draw_pairs(registration: Registration, seed: DrawSeed, *, keyed_order: bool = True) -> Pairing:
    """The pairs and reserves of every format's draw: the closed registration's drawable active entries in
    canonical order (by public keys; ``keyed_order=False``: by the person keys themselves, as version 1 draw files
    were made), paired with the seed's ``b"pairing"`` stream.

    Raise ``RegistrationStillOpenError`` before registration closes, ``AlreadyDrawnError`` after a draw was
    marked, ``TooFewEntriesError`` when fewer than two pairs can be formed.
    """
    if registration.state is RegistrationState.OPEN:
        raise RegistrationStillOpenError()
    if registration.state is RegistrationState.DRAWN:
        raise AlreadyDrawnError()
    left_out = set(undrawable(registration))
    entries = [entry for entry in registration.active if entry not in left_out] if left_out else registration.active

    def order_key(key: str) -> str:
        return public_key(seed, key)

    return pair_entries(registration.mode, entries, seed.stream(PAIRING_STREAM), order_key if keyed_order else None)


def draw(registration: Registration, seed: DrawSeed, options: BracketOptions, *, keyed_order: bool = True,
         ratings: Mapping[str, int] | None = None) -> Draw:
    """Pair the closed registration's active entries by lot (:func:`draw_pairs`) and create the bracket, all from
    ``seed``; raise as :func:`draw_pairs` does. ``ratings`` (person key → millionths): the bracket is seeded by the
    pairs' summed ratings, the lot deciding among equals (``bot.tournament.seeding``)."""
    pairing = draw_pairs(registration, seed, keyed_order=keyed_order)
    if ratings is None:
        bracket = create_bracket(pairing.teams, seed.stream(BRACKET_STREAM), options)
    else:
        lines = seeded_lines(pairing.teams, seed.stream(BRACKET_STREAM), ratings)
        bracket = bracket_on_lines(pairing.teams, lines, options)
    return Draw(registration.mode, pairing.entries, seed, options, pairing.teams, pairing.reserves, bracket,
                keyed_order, ratings)
