"""Commands of one area: club (the club a group chat is, its members, ratings, ladder and season)."""
