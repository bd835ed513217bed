"""The chat commands, platform-neutral, and one package per chat platform.

``handlers.commands.COMMANDS`` is the one table of commands. A command function takes an
:class:`~handlers.invocation.Invocation` (who, where, language, cleaned arguments, a channel for its answers), calls
one service and replies with presenters' neutral markup. ``handlers.telegram`` runs the table on Telegram (polling,
delivery, buttons, jobs, menus); ``handlers.console`` runs it in the terminal. Nothing here but those two packages
knows a chat platform.
"""
