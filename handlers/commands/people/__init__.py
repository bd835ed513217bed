"""Commands of one area: people."""
