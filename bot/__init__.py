"""guandan-bot: Guandan (掼蛋) tournaments in group chats, platform-neutral.

Layout: ``bot.ruleset``, ``bot.tournament`` and ``bot.match_clock`` are the pure core (no I/O, no clock, no global
random); ``storage`` persists it; ``bot.services`` are the use cases; ``bot.presenters`` write neutral markup
(``bot.richtext``); ``handlers`` hold the commands and one package per chat platform; ``bot.cli`` is the command line.
Nothing under ``bot`` imports a chat SDK (``tests/test_layers.py``).
"""

__version__ = "0.1.0"
