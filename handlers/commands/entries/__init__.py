"""Commands of one area: entries."""
