"""The match clock, pure.

Which announcements a scheduled round gets and when, local times read from what organisers type, and what to do with an
announcement the bot missed while it was down.

Nothing here reads the clock or talks to Telegram or SQLite: every instant is passed in, every ``datetime`` is
aware (UTC inside, the tournament's zone at the edges).
"""
