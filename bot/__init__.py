"""guandan-bot: Guandan (掼蛋) tournaments in Telegram group chats.

Layout: ``bot.ruleset`` and ``bot.tournament`` are the pure core (no I/O, no clock, no global random);
``storage`` persists it, ``handlers`` speak Telegram, ``bot.cli`` is the command line.
"""

__version__ = "0.1.0"
