"""The club's season, pure: who is who across a group's tournaments, player ratings from pair results, and the ladder.

No I/O here: ``bot.services.season`` loads a group's tournaments and club records and hands them to these functions.
Rules follow the club-season notice (a group chat is a club; ladder points by place, summed over a season's best
results; ratings from ``openskill``'s ``PlackettLuce`` with its defaults, shown as ``mu − 3·sigma``).
"""
