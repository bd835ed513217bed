"""``/draw``: close registration, reveal the sealed seed, draw pairs and bracket, store it all — one transaction.

Order (``bot.tournament.draw``): the seed was made when the tournament opened and its commitment published then
(``draw.committed``, ``bot.services.tournament.setup.create_tournament``); registration closes; the draw follows
from the closed entry list, that seed and the bracket options; pairs, reserves, every bracket match and the
published draw file are stored, and the seed revealed (``draw.made``). Either all of it is committed or nothing: a
failed draw leaves registration open and the seed sealed. The handler then posts the commitment (and when it was
published), then the outcome.

A tournament opened before seeds were sealed at opening has none: its seed is made now, with its commitment, as
before (the commitment then binds nothing, and the draw file's ``committed_at`` says so: it is the draw's time).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.services.tournament.state import TournamentState, changing
from bot.tournament import registration as engine
from bot.tournament.draw import Draw, draw
from bot.tournament.draw_file import export_draw
from bot.tournament.entries import Entry
from bot.tournament.people import InvitationStatus
from bot.tournament.seed import SEED_BYTES, DrawSeed, new_seed
from bot.tournament.snapshot import stored_matches, team_lines
from storage import tournament_bracket, tournament_people, tournaments


@dataclass(frozen=True, slots=True)
class DrawMade:
    state: TournamentState
    draw: Draw
    draw_file: str
    waiting: tuple[Entry, ...]
    """Entries left on the waiting list by the capacity: reserves too, ahead of the pairing's left-overs."""
    committed_at: datetime
    """When the seed's commitment was published: the tournament's opening (or, for one opened before seeds were
    sealed at opening, this draw)."""
    sealed_at_opening: bool = True
    """The seed was committed when the tournament opened (``False`` only for tournaments opened before that)."""


async def make_draw(services: Services, caller: Caller) -> DrawMade:
    """Organisers only: the command's spec refuses others early, the transaction decides."""
    async with changing(services, caller, required=Role.ORGANISER) as change:
        state = change.before
        closed = engine.close(state.registration)
        sealed = await tournaments.sealed_seed(change.tx, state.tournament_id)
        if sealed is not None:
            seed, committed_at = DrawSeed.from_hex(sealed), state.record.created_at
        else:  # opened before seeds were sealed at opening
            seed, committed_at = new_seed(services.entropy(SEED_BYTES)), change.at
            change.record("draw.committed", {"commitment": seed.commitment, "entries": len(closed.active),
                                             "waiting": len(closed.waiting)})
        result = draw(closed, seed, state.record.settings.bracket_options())
        drawn = engine.mark_drawn(closed)
        text = export_draw(result, committed_at=committed_at)
        tid = state.tournament_id
        await tournament_bracket.save_teams(change.tx, tid, result.teams, team_lines(result.bracket),
                                            result.reserves)
        await tournament_bracket.write_matches(change.tx, tid, stored_matches(result.bracket), change.at)
        await tournaments.record_draw(change.tx, tid, commitment=seed.commitment, seed=seed.hex, draw_file=text,
                                      at=change.at)
        for invitation in await tournament_people.open_invitations(change.tx, tid):
            await tournament_people.resolve_invitation(change.tx, invitation.invitation_id,
                                                       InvitationStatus.CANCELLED, change.at)
            change.record("invitation.cancelled", {"invitation": invitation.invitation_id, "reason": "drawn"})
        change.after = replace(state, registration=drawn, teams=result.teams, reserves=result.reserves,
                               bracket=result.bracket)
        change.record("draw.made", {"seed": seed.hex, "teams": len(result.teams), "reserves": len(result.reserves),
                                    "byes": result.bracket.byes})
        change.record("round.started", {"round": "1", "tables": str(len(result.bracket.table_matches(1)))})
    return DrawMade(change.current, result, text, drawn.waiting, committed_at, sealed is not None)
