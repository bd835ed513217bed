"""Commands of one area: rules."""
