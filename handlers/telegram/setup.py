"""Wiring everything into an ``Application`` in the order updates meet it."""

from __future__ import annotations

from handlers.buttons import ButtonTable
from handlers.registry import CommandTable
from handlers.telegram.buttons import button_handler
from handlers.telegram.commands import command_handlers
from handlers.telegram.context import GuandanApplication
from handlers.telegram.error_handler import on_error
from handlers.telegram.intake import INTAKE_GROUP, SETTLE_GROUP, intake_handler, settle_handler
from handlers.telegram.migration import migration_handler
from handlers.telegram.rules import rule_question_handler
from handlers.telegram.unknown import typed_command_handler, unknown_command_handler
from handlers.tournament_buttons import BUTTONS


def install(application: GuandanApplication, table: CommandTable, buttons: ButtonTable | None = None) -> None:
    """Group -1: admit the update once. Group 0: the migration notice, the commands, then the unknown-command
    hint (PTB runs the first matching handler of a group), the inline buttons, commands typed with a full-width
    slash, then rule questions in plain text.
    Group 1: record the update as done. One error handler for all."""
    application.add_handler(intake_handler(), group=INTAKE_GROUP)
    application.add_handler(migration_handler())
    application.add_handlers(command_handlers(table))
    application.add_handler(button_handler(buttons or ButtonTable(BUTTONS)))
    application.add_handler(unknown_command_handler())
    application.add_handler(typed_command_handler())
    application.add_handler(rule_question_handler())
    application.add_handler(settle_handler(), group=SETTLE_GROUP)
    application.add_error_handler(on_error)
