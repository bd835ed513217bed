"""THE command table: one line per command, in the order help and menus list them."""

from __future__ import annotations

from handlers.basics import help_command, start_command
from handlers.language import lang_command
from handlers.match_clock import here_command, schedule_command
from handlers.play import play_command
from handlers.registry import GROUPS, Audience, CommandSpec
from handlers.rules import rule_command
from handlers.tournament_import import import_command
from handlers.tournament_play import bracket_command, draw_command, export_command, standings_command, tables_command
from handlers.tournament_results import confirm_command, result_command
from handlers.tournament_setup import (
    cancel_command,
    mode_command,
    new_command,
    referee_command,
    set_command,
    settings_command,
)
from handlers.tournament_signup import accept_command, entries_command, signup_command, withdraw_command

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("start", start_command, max_argument_length=64),
    CommandSpec("help", help_command),
    CommandSpec("lang", lang_command, audience=Audience.ORGANISER, aliases=("language",)),
    CommandSpec("signup", signup_command, chat_kinds=GROUPS, aliases=("join", "baoming")),
    CommandSpec("accept", accept_command, chat_kinds=GROUPS),
    CommandSpec("withdraw", withdraw_command, chat_kinds=GROUPS, aliases=("leave",)),
    CommandSpec("entries", entries_command, chat_kinds=GROUPS, aliases=("list",)),
    CommandSpec("tables", tables_command, chat_kinds=GROUPS),
    CommandSpec("schedule", schedule_command, chat_kinds=GROUPS, aliases=("timetable",)),
    CommandSpec("here", here_command, chat_kinds=GROUPS, aliases=("checkin",)),
    CommandSpec("result", result_command, chat_kinds=GROUPS, aliases=("score",)),
    CommandSpec("confirm", confirm_command, chat_kinds=GROUPS),
    CommandSpec("bracket", bracket_command, chat_kinds=GROUPS),
    CommandSpec("standings", standings_command, chat_kinds=GROUPS, aliases=("ranking",)),
    CommandSpec("settings", settings_command, chat_kinds=GROUPS),
    CommandSpec("referee", referee_command, chat_kinds=GROUPS, aliases=("referees",)),
    CommandSpec("export", export_command, chat_kinds=GROUPS),
    CommandSpec("play", play_command, max_argument_length=200),
    CommandSpec("rule", rule_command, aliases=("rules",), max_argument_length=300, free_text=True),
    CommandSpec("new", new_command, audience=Audience.ORGANISER, chat_kinds=GROUPS, free_text=True),
    CommandSpec("mode", mode_command, audience=Audience.ORGANISER, chat_kinds=GROUPS),
    CommandSpec("set", set_command, audience=Audience.ORGANISER, chat_kinds=GROUPS),
    CommandSpec("draw", draw_command, audience=Audience.ORGANISER, chat_kinds=GROUPS),
    CommandSpec("cancel", cancel_command, audience=Audience.ORGANISER, chat_kinds=GROUPS, free_text=True),
    CommandSpec("import", import_command, audience=Audience.ORGANISER, chat_kinds=GROUPS, documents=True),
)
