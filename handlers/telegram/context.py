"""The typed ``context`` every handler receives: ``context.services`` instead of ``bot_data["..."]``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from telegram.ext import Application, CallbackContext, ContextTypes, ExtBot

if TYPE_CHECKING:
    from bot.services import Services
    from handlers.announcer import AnnouncementScheduler
    from handlers.dispatch import CommandTable, Dispatcher
    from handlers.telegram.quiet import QuietGroup


class AppState:
    """The application's ``bot_data``.

    Its front door (the dispatcher, with the services and the command table) and announcer (the process's one
    scheduler), set once by ``build_application``."""

    def __init__(self) -> None:
        self._dispatcher: Dispatcher | None = None
        self._announcer: AnnouncementScheduler | None = None
        self.quiet: QuietGroup | None = None
        """Gathered acknowledgements and repeat pointers in groups (``handlers.telegram.quiet``), when on."""

    def attach(self, dispatcher: Dispatcher, announcer: AnnouncementScheduler) -> None:
        self._dispatcher, self._announcer = dispatcher, announcer

    @property
    def dispatcher(self) -> Dispatcher:
        if self._dispatcher is None:
            raise RuntimeError("the application was not built by handlers.telegram.app.build_application")
        return self._dispatcher

    @property
    def announcer(self) -> AnnouncementScheduler:
        if self._announcer is None:
            raise RuntimeError("the application was not built by handlers.telegram.app.build_application")
        return self._announcer

    @property
    def services(self) -> Services:
        return self.dispatcher.services

    @property
    def commands(self) -> CommandTable:
        return self.dispatcher.commands


class BotContext(CallbackContext[ExtBot[Any], dict[Any, Any], dict[Any, Any], AppState]):
    @property
    def dispatcher(self) -> Dispatcher:
        return self.bot_data.dispatcher

    @property
    def services(self) -> Services:
        return self.bot_data.services

    @property
    def commands(self) -> CommandTable:
        return self.bot_data.commands


CONTEXT_TYPES = ContextTypes(context=BotContext, bot_data=AppState)

GuandanApplication = Application[ExtBot[Any], BotContext, dict[Any, Any], dict[Any, Any], AppState, None]
"""PTB's own job queue is off: announcements run on the process's one scheduler (``handlers.announcer``)."""


def announcer_of(application: GuandanApplication) -> AnnouncementScheduler:
    return application.bot_data.announcer
