"""Commands of one area: clock."""
