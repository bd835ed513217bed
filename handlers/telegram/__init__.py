"""Everything that speaks python-telegram-bot.

The ``Application`` (``app``), polling that confirms updates only once handled (``delivery``), retried sends
(``sending``), the command and button handlers, announcement jobs (``announcer``), menus, supergroup migration and the
one error handler. ``polling.run_polling`` runs it all."""
