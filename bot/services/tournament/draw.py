"""``/draw``: close registration, reveal the sealed seed, draw pairs and bracket, store it all — one transaction.

And ``/undraw``, which takes a draw back before any result and seals a fresh seed.

One commit–reveal design (``bot.tournament.draw``): a draw's seed is always chosen and *sealed* before the entries
it draws are known — when the tournament opens (``bot.services.tournament.setup.create_tournament``: its commitment
is in the sign-up announcement) or when ``/undraw`` takes a draw back (its commitment in that reply). Either way the
secret seed waits in ``tournaments.sealed_seed`` and the commitment in ``tournaments.commitment``; ``/draw``
reveals it.

Order: registration closes; the sealed seed is read with the time its commitment was published (the tournament's
``created_at``, or ``resealed_at`` after an ``/undraw``); the draw follows from the closed entry list, that seed and
the bracket options; pairs, reserves, every bracket match and the published draw file (which states that time) are
stored, and the seed revealed (``draw.made``). The draw's account secret (fresh randomness, ``bot.tournament.draw``:
the accounts' keys in the published file are keyed by it) is stored with the draw and never published or recorded in
the history, so the file names no account a reader could recover. Either all of it is committed or nothing: a failed
draw leaves registration open and the seed sealed. The handler then posts the commitment and when it was published,
then the outcome.

A tournament opened before seeds were sealed at opening has none: its seed is made now, with its commitment, as
before (the commitment then binds nothing, and the draw file's ``committed_at`` says so: it is the draw's time).

Before drawing, :func:`make_draw` looks for what an organiser would want to know first — invitations nobody
accepted yet (those people are not in the draw), people without a gender in mixed mode (they cannot be paired by
lot) — and, when there is any, draws only once the organiser confirms (``confirmed``); otherwise at once.

:func:`undo_draw` (organisers, no result recorded yet) forgets the pairs, reserves and bracket, reopens sign-up and
seals a NEW seed: its commitment is published at once and the next draw uses it. The revealed seed of the undone
draw stays in the history, so nobody can redraw with a seed they already know.

A Swiss or groups tournament (``/set format``) draws the same pairs and then its round 1 or its groups instead of a
bracket (:mod:`bot.tournament.points_draw`; its draw file is the same version 2 with an ``event`` field,
:mod:`bot.tournament.points_draw_file`); the format's numbers are checked against the pairs drawn here, and a misfit
refuses the whole draw with the reason. ``/undraw`` takes back a Swiss round 1 or a group stage the same way.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from datetime import datetime

from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.services.season import load_club
from bot.services.tournament.points_stage import is_points_format
from bot.services.tournament.state import Change, StaleButtonError, TournamentState, changing
from bot.tournament import registration as engine
from bot.tournament.draw import ACCOUNT_SECRET_BYTES, Draw, draw, undrawable
from bot.tournament.draw_file import export_draw
from bot.tournament.entries import Entry
from bot.tournament.format import SwissPlan
from bot.tournament.lineup import ResultsRecordedError, results_recorded
from bot.tournament.people import Invitation, InvitationStatus
from bot.tournament.points_draw import PointsDraw, draw_points_stage
from bot.tournament.points_draw_file import export_points_draw
from bot.tournament.points_stage import results_recorded as points_results_recorded
from bot.tournament.points_stage import start_points_stage
from bot.tournament.registration import Registration
from bot.tournament.seed import SEED_BYTES, DrawSeed, new_seed
from bot.tournament.seeding import Seeding, rating_units
from bot.tournament.snapshot import stored_matches, team_lines
from storage import tournament_bracket, tournament_people, tournament_points, tournaments

NO_LINE = -1
"""The draw line of a pair in a points stage (none until a knockout after the groups places it)."""


class Sealed(enum.Enum):
    """Where a draw's commitment was published: when the seed was sealed."""

    AT_OPENING = "opening"
    """``/new``: the sign-up announcement (``committed_at`` is the tournament's ``created_at``)."""
    AT_UNDRAW = "undraw"
    """``/undraw`` sealed a fresh seed: its reply (``committed_at`` is its time)."""
    AT_DRAW = "draw"
    """Not sealed: a tournament opened before seeds were sealed at opening; made and committed at this draw."""


@dataclass(frozen=True, slots=True)
class DrawMade:
    state: TournamentState
    draw: Draw | PointsDraw
    draw_file: str
    waiting: tuple[Entry, ...]
    """Entries left on the waiting list by the capacity: reserves too, ahead of the pairing's left-overs."""
    committed_at: datetime
    """When the seed's commitment was published: see :attr:`sealed`."""
    sealed: Sealed = Sealed.AT_OPENING
    """When the seed was sealed, so which message published its commitment."""
    left_out: tuple[Entry, ...] = ()
    """Active entries the draw could not pair (no gender in mixed mode)."""


@dataclass(frozen=True, slots=True)
class DrawWarnings:
    """Nothing drawn yet: what the organiser should know first; the draw waits for their confirmation."""

    state: TournamentState
    invitations: tuple[Invitation, ...]
    """Open invitations: neither person of such a pair is in the draw unless they sign up otherwise."""
    genderless: tuple[Entry, ...]
    """Mixed mode: active entries without a gender, which the draw leaves out."""


async def make_draw(services: Services, caller: Caller, *, confirmed: bool = False, tournament_id: int | None = None,
                    version: int | None = None) -> DrawMade | DrawWarnings:
    """Organisers only: the command's spec refuses others early, the transaction decides.

    With something to warn about and no ``confirmed``, nothing changes and the warnings come back. A confirming
    button carries the ``tournament_id`` and ``version`` it was made for: after any other change since, it is
    stale (the organiser looks at the warnings again)."""
    async with changing(services, caller, required=Role.ORGANISER, expected=tournament_id) as change:
        state = change.before
        if version is not None and state.record.version != version:
            raise StaleButtonError()
        closed = engine.close(state.registration)
        tid = state.tournament_id
        invitations = tuple(await tournament_people.open_invitations(change.tx, tid))
        genderless = undrawable(closed)
        if (invitations or genderless) and not confirmed:
            return DrawWarnings(state, invitations, genderless)
        seed, committed_at, sealed = await _seed(services, change, closed)
        for invitation in invitations:
            await tournament_people.resolve_invitation(change.tx, invitation.invitation_id,
                                                       InvitationStatus.CANCELLED, change.at)
            change.record("invitation.cancelled", {"invitation": invitation.invitation_id, "reason": "drawn"})
        ratings = await _seeding_ratings(services, change, closed)
        account_secret = services.entropy(ACCOUNT_SECRET_BYTES)
        step = _draw_points_stage if is_points_format(state.record) else _draw_knockout
        made = await step(change, closed, seed, committed_at, ratings, account_secret)
    return replace(made, state=change.current, committed_at=committed_at, sealed=sealed, left_out=genderless)


async def _seeding_ratings(services: Services, change: Change, closed: Registration) -> dict[str, int] | None:
    """With ``/set seeding rating``.

    Every active member's club rating now, in millionths (0 for a newcomer), for the draw to seed by; ``None`` for a
    draw by lot."""
    if change.before.record.settings.seeding is not Seeding.RATING:
        return None
    club = await load_club(services, change.tx, change.before.record.chat_id)
    return {person.key: rating_units(club.rating(club.identity.member(person.key)).ordinal)
            for entry in closed.active for person in entry.members}


async def _draw_knockout(change: Change, closed: Registration, seed: DrawSeed, committed_at: datetime,
                         ratings: dict[str, int] | None, account_secret: bytes) -> DrawMade:
    """The draw of a knockout, inside :func:`make_draw`'s transaction."""
    state = change.before
    tid = state.tournament_id
    result = draw(closed, seed, state.record.settings.bracket_options(), ratings=ratings,
                  account_secret=account_secret)
    drawn = engine.mark_drawn(closed)
    text = export_draw(result, committed_at=committed_at)
    await tournament_bracket.save_teams(change.tx, tid, result.teams, team_lines(result.bracket), result.reserves)
    await tournament_bracket.write_matches(change.tx, tid, stored_matches(result.bracket), change.at)
    await tournaments.record_draw(change.tx, tid, commitment=seed.commitment, seed=seed.hex, draw_file=text,
                                  account_secret=account_secret.hex(), at=change.at)
    change.after = replace(state, registration=drawn, teams=result.teams, reserves=result.reserves,
                           bracket=result.bracket)
    change.record("draw.made", {"seed": seed.hex, "teams": len(result.teams), "reserves": len(result.reserves),
                                "byes": result.bracket.byes})
    change.record("round.started", {"round": "1", "tables": str(len(result.bracket.table_matches(1)))})
    return DrawMade(change.after, result, text, drawn.waiting, committed_at)


async def _draw_points_stage(change: Change, closed: Registration, seed: DrawSeed, committed_at: datetime,
                             ratings: dict[str, int] | None, account_secret: bytes) -> DrawMade:
    """The draw of a Swiss tournament or group stage, inside :func:`make_draw`'s transaction."""
    state = change.before
    settings = state.record.settings
    result = draw_points_stage(closed, seed, settings.bracket_options(), settings.format_options(), settings.variant(),
                        ratings, account_secret=account_secret)
    drawn = engine.mark_drawn(closed)
    text = export_points_draw(result, committed_at=committed_at)
    tid = state.tournament_id
    stage = start_points_stage(result.stage)
    await tournament_bracket.save_teams(change.tx, tid, result.teams, dict.fromkeys(
        (team.team_id for team in result.teams), NO_LINE), result.reserves)
    if stage.groups is not None:
        await tournament_points.save_groups(change.tx, tid, stage.groups.groups)
    await tournaments.record_draw(change.tx, tid, commitment=seed.commitment, seed=seed.hex, draw_file=text,
                                  account_secret=account_secret.hex(), at=change.at)
    change.after = replace(state, registration=drawn, teams=result.teams, reserves=result.reserves, points_stage=stage)
    details: dict[str, object] = {"seed": seed.hex, "teams": len(result.teams), "reserves": len(result.reserves),
                                  "format": settings.format.value}
    if isinstance(result.plan, SwissPlan):
        details["rounds"] = result.plan.rounds
    else:
        details |= {"groups": result.plan.groups, "advance": result.plan.advance}
    change.record("draw.made", details)
    change.record("round.started", {"round": "1", "tables": str(len(stage.table_matches(1)))})
    return DrawMade(change.after, result, text, drawn.waiting, committed_at)


async def _seed(services: Services, change: Change,
                closed: engine.Registration) -> tuple[DrawSeed, datetime, Sealed]:
    """The sealed seed, when its commitment was published and by which message.

    For a tournament opened before seeds were sealed at opening, a fresh seed committed now."""
    sealed = await tournaments.sealed_seed(change.tx, change.before.tournament_id)
    if sealed is not None:
        if sealed.resealed_at is not None:
            return DrawSeed.from_hex(sealed.hex), sealed.resealed_at, Sealed.AT_UNDRAW
        return DrawSeed.from_hex(sealed.hex), change.before.record.created_at, Sealed.AT_OPENING
    seed = new_seed(services.entropy(SEED_BYTES))
    change.record("draw.committed", {"commitment": seed.commitment, "entries": len(closed.active),
                                     "waiting": len(closed.waiting)})
    return seed, change.at, Sealed.AT_DRAW


@dataclass(frozen=True, slots=True)
class DrawUndone:
    state: TournamentState
    """Registration open again."""
    commitment: str
    """Of the newly sealed seed the next draw will use."""
    revealed: str
    """The seed of the undone draw (public since that draw)."""


async def undo_draw(services: Services, caller: Caller) -> DrawUndone:
    """``/undraw``: forget the draw before any result.

    ``/undraw``: before any result, the draw is forgotten, sign-up reopens and a new seed is sealed (see the
    module docstring); :class:`ResultsRecordedError` once a table has a result (a knockout's, or a Swiss or group
    round's)."""
    async with changing(services, caller, required=Role.ORGANISER) as change:
        state = change.before
        if state.points_stage is not None:
            if points_results_recorded(state.points_stage) or state.bracket is not None:
                raise ResultsRecordedError(name=state.record.name)
        elif results_recorded(state.require_bracket()):
            raise ResultsRecordedError(name=state.record.name)
        registration = engine.undo_draw(state.registration)
        tid = state.tournament_id
        revealed = state.record.seed or ""
        await tournament_points.delete_points_stage(change.tx, tid)
        await tournament_bracket.delete_draw(change.tx, tid)
        await tournaments.undo_draw(change.tx, tid)
        seed = new_seed(services.entropy(SEED_BYTES))
        await tournaments.seal_seed(change.tx, tid, commitment=seed.commitment, seed=seed.hex, at=change.at)
        change.after = replace(state, registration=registration, teams=(), reserves=(), bracket=None, points_stage=None)
        change.record("draw.undone", {"seed": revealed, "commitment": state.record.commitment or ""})
        change.record("draw.committed", {"commitment": seed.commitment, "entries": len(registration.active),
                                         "waiting": len(registration.waiting), "sealed": True})
    return DrawUndone(change.current, seed.commitment, revealed)
