"""THE command table: one line per command, in the order help and menus list them."""

from __future__ import annotations

from handlers.basics import help_command, start_command
from handlers.language import lang_command
from handlers.play import play_command
from handlers.registry import Audience, CommandSpec
from handlers.rules import rule_command

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("start", start_command, max_argument_length=64),
    CommandSpec("help", help_command),
    CommandSpec("lang", lang_command, audience=Audience.ORGANISER, aliases=("language",)),
    CommandSpec("play", play_command, max_argument_length=200),
    CommandSpec("rule", rule_command, aliases=("rules",), max_argument_length=300),
)
