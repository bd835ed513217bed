"""``/draw``, ``/bracket``, ``/tables``, ``/standings``, ``/export``: the tournament once it is drawn."""

from __future__ import annotations

from bot.presenters import tournament_tables as text
from bot.services.tournament.draw import make_draw
from bot.services.tournament.export import export_tournament
from bot.services.tournament.pictures import (
    bracket_pictures,
    points_standings_pictures,
    round_tables_pictures,
    standings_pictures,
)
from bot.services.tournament.views import bracket_view, standings_view, tables_view
from bot.services.tournament.workbook import WORKBOOK_NAME, tournament_workbook
from handlers.arguments import at_most
from handlers.invocation import Invocation


async def draw_command(call: Invocation) -> None:
    """Four messages and the draw file: the commitment first, then pairs and seed, round 1, the bracket. A Swiss
    event posts round 1 (tables by rank) without a bracket; a group stage the groups, then round 1."""
    at_most(call.args, 0)
    made = await make_draw(call.services, call.caller)
    await call.reply(text.draw_commitment(made, call.language))
    await call.reply(text.draw_pairs(made, call.language))
    event = made.state.event
    if event is not None and event.groups is not None:
        await call.reply(text.bracket_text(made.state, call.language))
    await call.reply(text.round_text(made.state, 1, call.language))
    if event is None:
        await call.reply(text.bracket_text(made.state, call.language))
    await call.send_document(made.draw_file.encode(), text.draw_file_name(made),
                             text.draw_file_caption(made, call.language))


async def bracket_command(call: Invocation) -> None:
    """The bracket as text, then as a picture (the current round highlighted). A Swiss event: the round's tables as
    a list picture; a group stage: a picture per group table (then the knockout's bracket, once drawn)."""
    at_most(call.args, 0)
    state = (await bracket_view(call.services, call.caller)).state
    await call.reply(text.bracket_text(state, call.language))
    event = state.event
    if event is not None and state.bracket is None:
        pictures = await round_tables_pictures(state, event, call.language) if event.swiss is not None \
            else await points_standings_pictures(state, event, call.language)
        await call.send_pictures(pictures, call.text("pictures.bracket_caption", name=state.record.name), "tables")
        return
    await call.send_pictures(await bracket_pictures(state, call.language),
                        call.text("pictures.bracket_caption", name=state.record.name), "bracket")


async def tables_command(call: Invocation) -> None:
    at_most(call.args, 0)
    await call.reply(text.tables_text(await tables_view(call.services, call.caller), call.language))


async def standings_command(call: Invocation) -> None:
    at_most(call.args, 0)
    view = await standings_view(call.services, call.caller)
    caption = call.text("pictures.standings_caption", name=view.state.record.name)
    if view.state.event is not None:
        await call.reply(text.points_standings_text(view.state, call.language))
        await call.send_pictures(await points_standings_pictures(view.state, view.state.event, call.language),
                                 caption, "standings")
        return
    assert view.standings is not None
    await call.reply(text.standings_text(view.state, view.standings, call.language))
    await call.send_pictures(await standings_pictures(view.state, view.standings, call.language), caption,
                             "standings")


async def export_command(call: Invocation) -> None:
    at_most(call.args, 0)
    exported = await export_tournament(call.services, call.caller)
    name = exported.state.record.name
    await call.send_document(exported.entries_csv, "entries.csv", call.text("tables.export.entries", name=name))
    await call.send_document(exported.matches_csv, "matches.csv", call.text("tables.export.matches", name=name))
    await call.send_document(exported.standings_csv, "standings.csv",
                             call.text("tables.export.standings", name=name))
    workbook = await tournament_workbook(call.services, exported.state, call.language)
    await call.send_document(workbook, WORKBOOK_NAME, call.text("sheets.workbook_caption", name=name))
