"""Wiring the front door into an ``Application``: the update handlers and the one error handler."""

from __future__ import annotations

from handlers.telegram.context import GuandanApplication
from handlers.telegram.error_handler import on_error
from handlers.telegram.updates import update_handlers


def install(application: GuandanApplication) -> None:
    """Install the handlers that hand every update to the dispatcher, and the error handler.

    Group 0: the chat-migration notice, every new message, every press, every other update
    (``handlers.telegram.updates``: each goes to the dispatcher). One error handler for what the dispatcher could not
    answer (``handlers.telegram.error_handler``)."""
    application.add_handlers(update_handlers())
    application.add_error_handler(on_error)
