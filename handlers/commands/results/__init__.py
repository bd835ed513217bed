"""Commands of one area: results."""
