"""Telegram handlers: thin adapters that parse an update, call one service and reply.

``handlers.commands.COMMANDS`` is the one table of commands; ``handlers.telegram.setup.install`` wires it, the update
intake, the migration handler, the unknown-command hint and the one error handler into an ``Application``.
"""
