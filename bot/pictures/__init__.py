"""Pictures of a tournament: the bracket and the standings as PNG, drawn with Pillow from plain rows.

The input is the same data the bot exports: rows of ``matches.csv`` (:mod:`bot.sheets.matches`) and standings rows
(:mod:`bot.pictures.standings`). Nothing here knows about Telegram or the database, so ``python -m bot render`` draws
the same pictures offline.
"""
