"""The commands of a drawn tournament: the draw and undraw, its tables, bracket, standings and files.

The tournament once it is drawn (``/tables 2``, ``/standings 2``, ``/bracket 2``: an earlier round of a Swiss or groups
tournament)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.errors import UsageError
from bot.i18n import Language
from bot.presenters import tournament_tables as text
from bot.richtext import Keyboard
from bot.services.season import has_season, ladder_view
from bot.services.tournament.draw import DrawMade, DrawWarnings, make_draw, undo_draw
from bot.services.tournament.export import export_tournament
from bot.services.tournament.pictures import (
    bracket_pictures,
    points_standings_pictures,
    round_tables_pictures,
    standings_pictures,
)
from bot.services.tournament.views import bracket_view, look_back, pair_view, standings_view, tables_view
from bot.services.tournament.workbook import WORKBOOK_NAME, tournament_workbook
from handlers.arguments import MissingArgument, at_most
from handlers.commands.keyboards import draw_buttons
from handlers.commands.settings.language import UnknownLanguage
from handlers.commands.tournament_arguments import is_confirmation
from handlers.invocation import Invocation
from handlers.long_replies import fits, reply_or_file, reply_with_pictures, text_file

Post = Callable[[str, Keyboard | None], Awaitable[None]]


class BadRoundArgumentError(UsageError):
    key = "points.looking_back.bad_round"
SendFile = Callable[[bytes, str, str | None], Awaitable[None]]


async def announce_draw(post: Post, send_file: SendFile, made: DrawMade, lang: Language) -> None:
    """The commitment first, then pairs and seed, round 1, the bracket — four messages — and the draw file.

    A Swiss tournament posts round 1 (tables by rank) without a bracket; a group stage the groups, then round 1. When
    one of those is too long for one message, they go as one text document instead, its caption revealing the seed (at
    most five messages)."""
    state, stage = made.state, made.state.points_stage

    def parts(*, whole: bool) -> list[str]:
        """The posts in order; ``whole``: without the chat's list limits, for the document."""
        pairs = text.draw_pairs(made, lang, None) if whole else text.draw_pairs(made, lang)
        round_one = text.round_text(state, 1, lang, None) if whole else text.round_text(state, 1, lang)
        bracket = text.bracket_text(state, lang, None) if whole else text.bracket_text(state, lang)
        if stage is None:
            return [pairs, round_one, bracket]
        return [pairs, bracket, round_one] if stage.groups is not None else [pairs, round_one]

    await post(text.draw_commitment(made, lang), None)
    shown = parts(whole=False)
    if all(fits(part) for part in shown):
        for part in shown:
            await post(part, None)
    else:
        whole = "\n\n".join(parts(whole=True))
        await send_file(text_file(whole), text.draw_text_name(made), text.draw_summary(made, lang))
    await send_file(made.draw_file.encode(), text.draw_file_name(made), text.draw_file_caption(made, lang))


async def draw_command(call: Invocation) -> None:
    """``/draw`` (``/draw confirm`` after a warning): the draw, or what to know first with a button to go ahead."""
    args = at_most(call.args, 1)
    confirmed = bool(args) and is_confirmation(args[0])
    if args and not confirmed:
        at_most(args, 0)
    made = await make_draw(call.services, call.caller, confirmed=confirmed)
    if isinstance(made, DrawWarnings):
        await call.reply(text.draw_warnings_text(made, call.language), draw_buttons(made, call.language))
        return
    await announce_draw(call.reply, call.send_document, made, call.language)


async def undraw_command(call: Invocation) -> None:
    """``/undraw``: the draw taken back before any result; sign-up reopens with a new commitment."""
    at_most(call.args, 0)
    await call.reply(text.undraw_text(await undo_draw(call.services, call.caller), call.language))


def _round_asked(call: Invocation) -> int | None:
    """The round of ``/tables 2``, ``/standings 2``, ``/bracket 2`` (``None``: the current one)."""
    args = at_most(call.args, 1)
    if not args:
        return None
    word = args[0].removeprefix("r").removeprefix("R").removeprefix("第").removesuffix("轮")
    if not (word.isascii() and word.isdigit()) or len(word) > 4 or int(word) == 0:
        raise BadRoundArgumentError(value=args[0][:20])
    return int(word)


async def _looking_back_at_round(call: Invocation, round_number: int) -> None:
    """An earlier round of a Swiss or groups tournament: its tables and results as text and as the list picture."""
    seen = await look_back(call.services, call.caller, round_number)
    lang = call.language
    await reply_with_pictures(
        call, text.round_list_text(seen.state, round_number, lang),
        text.round_list_text(seen.state, round_number, lang, None),
        await round_tables_pictures(seen.state, seen.stage, lang, round_number),
        caption=call.text("pictures.bracket_caption", name=seen.state.record.name), stem="tables",
        file_name="tables.txt", summary=text.round_list_summary(seen.state, round_number, lang))


async def bracket_command(call: Invocation) -> None:
    """The bracket as text, then as a picture (the current round highlighted).

    A bracket too long for one message goes as the pictures alone (``handlers.long_replies``). A Swiss tournament: the
    round's tables as a list picture; a group stage: a picture per group table (then the knockout's bracket, once
    drawn). ``/bracket 2``: round 2 of a Swiss or groups tournament, its tables and results."""
    asked = _round_asked(call)
    if asked is not None:
        await _looking_back_at_round(call, asked)
        return
    state = (await bracket_view(call.services, call.caller)).state
    lang = call.language
    stage = state.points_stage
    stem = "bracket"
    if stage is not None and state.bracket is None:
        pictures = await round_tables_pictures(state, stage, lang) if stage.swiss is not None \
            else await points_standings_pictures(state, stage, lang)
        stem = "tables"
    else:
        pictures = await bracket_pictures(state, lang)
    await reply_with_pictures(
        call, text.bracket_text(state, lang), text.bracket_text(state, lang, None), pictures,
        caption=call.text("pictures.bracket_caption", name=state.record.name), stem=stem,
        file_name="bracket.txt", summary=text.bracket_summary(state, lang))


async def tables_command(call: Invocation) -> None:
    """The open tables of the round being played.

    ``/tables 2``: round 2 of a Swiss or groups tournament, every table with its result, as text and picture."""
    asked = _round_asked(call)
    if asked is not None:
        await _looking_back_at_round(call, asked)
        return
    view = await tables_view(call.services, call.caller)
    await reply_or_file(call, text.tables_text(view, call.language), text.tables_text(view, call.language, None),
                        file_name="tables.txt", summary=text.tables_summary(view, call.language))


async def standings_command(call: Invocation) -> None:
    """The standings so far; ``/standings 2``: a Swiss or groups tournament's standings after round 2."""
    asked = _round_asked(call)
    if asked is not None:
        seen = await look_back(call.services, call.caller, asked)
        lang = call.language
        await reply_with_pictures(
            call, text.points_standings_text(seen.state, lang, after_round=asked),
            text.points_standings_text(seen.state, lang, None, after_round=asked),
            await points_standings_pictures(seen.state, seen.stage, lang, after_round=asked),
            caption=call.text("pictures.standings_caption", name=seen.state.record.name), stem="standings",
            file_name="standings.txt", summary=text.points_standings_summary(seen.state, lang))
        return
    view = await standings_view(call.services, call.caller)
    state, lang = view.state, call.language
    caption = call.text("pictures.standings_caption", name=state.record.name)
    if state.points_stage is not None:
        await reply_with_pictures(
            call, text.points_standings_text(state, lang), text.points_standings_text(state, lang, None),
            await points_standings_pictures(state, state.points_stage, lang), caption=caption, stem="standings",
            file_name="standings.txt", summary=text.points_standings_summary(state, lang))
        return
    table = view.standings
    assert table is not None
    await reply_with_pictures(
        call, text.standings_text(state, table, lang), text.standings_text(state, table, lang, None),
        await standings_pictures(state, table, lang), caption=caption, stem="standings",
        file_name="standings.txt", summary=text.standings_summary(state, table, lang))


async def pair_command(call: Invocation) -> None:
    """``/pair <name or number>``: one pair's evening in a points stage.

    One pair's evening in a Swiss or groups tournament — each round's table, opponent, result and points, the running
    total and rank."""
    if not call.args:
        raise MissingArgument()
    view = await pair_view(call.services, call.caller, " ".join(call.args))
    body = text.pair_text(view.state, view.team, call.language)
    await reply_or_file(call, body, body, file_name="pair.txt", summary=body.split("\n", 1)[0])


async def export_command(call: Invocation) -> None:
    """The contract's English files, or with ``/export zh`` (``en``, 中文 …) headers and words in that language."""
    args = at_most(call.args, 1)
    try:
        language = Language.parse(args[0]) if args else None
    except ValueError:
        raise UnknownLanguage(value=args[0]) from None
    exported = await export_tournament(call.services, call.caller, language)
    name = exported.state.record.name
    await call.send_document(exported.entries_csv, "entries.csv", call.text("tables.export.entries", name=name))
    await call.send_document(exported.matches_csv, "matches.csv", call.text("tables.export.matches", name=name))
    await call.send_document(exported.standings_csv, "standings.csv",
                             call.text("tables.export.standings", name=name))
    workbook = await tournament_workbook(call.services, exported.state, call.language, language)
    await call.send_document(workbook, WORKBOOK_NAME, call.text("sheets.workbook_caption", name=name))
    if await has_season(call.services, call.caller.chat_id):  # a club that keeps a season gets its ladder too
        ladder = await ladder_view(call.services, call.caller)
        await call.send_document(ladder.csv(), "ladder.csv",
                                 call.text("club.ladder_csv_caption", season=ladder.season.name))
