"""The fair draw (抽签): pairing by lot and bracket positions, all from one committed seed.

Sequence (the chat layer drives it; every step here is pure):

1. ``registration.close`` — sign-ups stop.
2. ``seed = new_seed(os.urandom(32))``; publish ``seed.commitment`` (SHA-256 of the seed) and keep the seed secret.
3. ``result = draw(registration, seed, options)`` then ``registration.mark_drawn``; publish the outcome, reveal
   the seed and offer the draw file (``bot.tournament.draw_file.export_draw``) so anyone can run
   ``python -m bot verify-draw FILE``.

The draw is a pure function of (the sorted entry list, the seed, the bracket options): the active entries are put
in canonical order — sorted by their members' person keys, so neither sign-up times nor entry numbers matter —
then paired with the seed's ``b"pairing"`` stream (``bot.tournament.pairing``) and placed into the bracket with
its ``b"bracket"`` stream (``bot.tournament.bracket.create_bracket``: byes, round-1 unit avoidance, tables).
In ``mixed`` mode an entry without a gender cannot be paired by lot, so it is not drawn (:func:`undrawable`: the
organiser is warned before the draw and can set the gender with ``/gender``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.tournament.bracket import Bracket, BracketOptions, create_bracket
from bot.tournament.entries import Entry, Person, RegistrationMode
from bot.tournament.pairing import pair_entries
from bot.tournament.registration import (
    AlreadyDrawnError,
    Registration,
    RegistrationState,
    RegistrationStillOpenError,
)
from bot.tournament.seed import DrawSeed
from bot.tournament.teams import Team

PAIRING_STREAM = b"pairing"
BRACKET_STREAM = b"bracket"


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

    @property
    def commitment(self) -> str:
        return self.seed.commitment


def undrawable(registration: Registration) -> tuple[Entry, ...]:
    """Active entries the draw leaves out: in ``mixed`` mode, those without a gender."""
    if registration.mode is not RegistrationMode.MIXED:
        return ()
    return tuple(entry for entry in registration.active if entry.members[0].gender is None)


def draw(registration: Registration, seed: DrawSeed, options: BracketOptions) -> Draw:
    """Pair the closed registration's active entries by lot and create the bracket, all from ``seed``.

    Raise ``RegistrationStillOpenError`` before registration closes, ``AlreadyDrawnError`` after a draw was
    marked, ``TooFewEntriesError`` when fewer than two pairs can be formed.
    """
    if registration.state is RegistrationState.OPEN:
        raise RegistrationStillOpenError()
    if registration.state is RegistrationState.DRAWN:
        raise AlreadyDrawnError()
    left_out = set(undrawable(registration))
    entries = [entry for entry in registration.active if entry not in left_out] if left_out else registration.active
    pairing = pair_entries(registration.mode, entries, seed.stream(PAIRING_STREAM))
    bracket = create_bracket(pairing.teams, seed.stream(BRACKET_STREAM), options)
    return Draw(registration.mode, pairing.entries, seed, options, pairing.teams, pairing.reserves, bracket)
