"""Commands of one area: settings."""
