"""``/draw``: close registration, commit to a fresh seed, draw pairs and bracket, store it all — one transaction.

Order (``bot.tournament.draw``): registration closes; the seed is made from fresh randomness and its commitment
recorded in the history (``draw.committed``) before the draw; the draw follows from the closed entry list, the
seed and the bracket options; pairs, reserves, every bracket match and the published draw file are stored, and the
seed revealed (``draw.made``). Either all of it is committed or nothing: a failed draw leaves registration open and
no commitment published. The handler then posts the commitment first, then the outcome.

A Swiss or groups tournament (``/set format``) draws the same pairs and then its round 1 or its groups instead of a
bracket (:mod:`bot.tournament.event_draw`; the draw file is version 2, :mod:`bot.tournament.event_draw_file`); the
format's numbers are checked against the pairs drawn here, and a misfit refuses the whole draw with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.services.tournament.points import is_points_format
from bot.services.tournament.state import Change, TournamentState, changing
from bot.tournament import registration as engine
from bot.tournament.draw import Draw, draw
from bot.tournament.draw_file import export_draw
from bot.tournament.entries import Entry
from bot.tournament.event_draw import EventDraw, draw_event
from bot.tournament.event_draw_file import export_event_draw
from bot.tournament.format import SwissPlan
from bot.tournament.people import InvitationStatus
from bot.tournament.points_event import start_points_event
from bot.tournament.registration import Registration
from bot.tournament.seed import SEED_BYTES, DrawSeed, new_seed
from bot.tournament.snapshot import stored_matches, team_lines
from storage import points_events, tournament_bracket, tournament_people, tournaments

NO_LINE = -1
"""The draw line of a pair in a points event (none until a knockout after the groups places it)."""


@dataclass(frozen=True, slots=True)
class DrawMade:
    state: TournamentState
    draw: Draw | EventDraw
    draw_file: str
    waiting: tuple[Entry, ...]
    """Entries left on the waiting list by the capacity: reserves too, ahead of the pairing's left-overs."""


async def make_draw(services: Services, caller: Caller) -> DrawMade:
    """Organisers only: the command's spec refuses others early, the transaction decides."""
    async with changing(services, caller, required=Role.ORGANISER) as change:
        state = change.before
        closed = engine.close(state.registration)
        seed = new_seed(services.entropy(SEED_BYTES))
        change.record("draw.committed", {"commitment": seed.commitment, "entries": len(closed.active),
                                         "waiting": len(closed.waiting)})
        step = _draw_points_event if is_points_format(state.record) else _draw_knockout
        made = await step(change, closed, seed)
    return replace(made, state=change.current)


async def _draw_knockout(change: Change, closed: Registration, seed: DrawSeed) -> DrawMade:
    """The draw of a knockout, inside :func:`make_draw`'s transaction."""
    state = change.before
    result = draw(closed, seed, state.record.settings.bracket_options())
    drawn = engine.mark_drawn(closed)
    text = export_draw(result)
    tid = state.tournament_id
    await tournament_bracket.save_teams(change.tx, tid, result.teams, team_lines(result.bracket), result.reserves)
    await tournament_bracket.write_matches(change.tx, tid, stored_matches(result.bracket), change.at)
    await tournaments.record_draw(change.tx, tid, commitment=seed.commitment, seed=seed.hex, draw_file=text,
                                  at=change.at)
    await _cancel_invitations(change)
    change.after = replace(state, registration=drawn, teams=result.teams, reserves=result.reserves,
                           bracket=result.bracket)
    change.record("draw.made", {"seed": seed.hex, "teams": len(result.teams), "reserves": len(result.reserves),
                                "byes": result.bracket.byes})
    change.record("round.started", {"round": "1", "tables": str(len(result.bracket.table_matches(1)))})
    return DrawMade(change.after, result, text, drawn.waiting)


async def _draw_points_event(change: Change, closed: Registration, seed: DrawSeed) -> DrawMade:
    """The draw of a Swiss event or group stage, inside :func:`make_draw`'s transaction."""
    state = change.before
    settings = state.record.settings
    result = draw_event(closed, seed, settings.bracket_options(), settings.format_options(), settings.variant())
    drawn = engine.mark_drawn(closed)
    text = export_event_draw(result)
    tid = state.tournament_id
    event = start_points_event(result.event)
    await tournament_bracket.save_teams(change.tx, tid, result.teams, dict.fromkeys(
        (team.team_id for team in result.teams), NO_LINE), result.reserves)
    if event.groups is not None:
        await points_events.save_groups(change.tx, tid, event.groups.groups)
    await tournaments.record_draw(change.tx, tid, commitment=seed.commitment, seed=seed.hex, draw_file=text,
                                  at=change.at)
    await _cancel_invitations(change)
    change.after = replace(state, registration=drawn, teams=result.teams, reserves=result.reserves, event=event)
    details: dict[str, object] = {"seed": seed.hex, "teams": len(result.teams), "reserves": len(result.reserves),
                                  "format": settings.format.value}
    if isinstance(result.plan, SwissPlan):
        details["rounds"] = result.plan.rounds
    else:
        details |= {"groups": result.plan.groups, "advance": result.plan.advance}
    change.record("draw.made", details)
    change.record("round.started", {"round": "1", "tables": str(len(event.table_matches(1)))})
    return DrawMade(change.after, result, text, drawn.waiting)


async def _cancel_invitations(change: Change) -> None:
    for invitation in await tournament_people.open_invitations(change.tx, change.before.tournament_id):
        await tournament_people.resolve_invitation(change.tx, invitation.invitation_id,
                                                   InvitationStatus.CANCELLED, change.at)
        change.record("invitation.cancelled", {"invitation": invitation.invitation_id, "reason": "drawn"})
