"""THE command table: one line per command, in the order help and menus list them."""

from __future__ import annotations

from handlers.basics import help_command, start_command
from handlers.language import lang_command
from handlers.registry import GROUPS, Audience, CommandSpec
from handlers.schedule import here_command, schedule_command

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("start", start_command, max_argument_length=64),
    CommandSpec("help", help_command),
    CommandSpec("lang", lang_command, audience=Audience.ORGANISER, aliases=("language",)),
    CommandSpec("schedule", schedule_command, chat_kinds=GROUPS, aliases=("timetable",)),
    CommandSpec("here", here_command, chat_kinds=GROUPS, aliases=("checkin",)),
)
