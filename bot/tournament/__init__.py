"""The pure core of a tournament: entries, pairing, the fair draw, knockout brackets, results and standings.

No I/O, no clock (callers pass times), no global random (callers pass a seed or a ``random.Random``).
"""
