"""Commands of one area: draw."""
