"""Rendering pure results (verdicts, brackets, standings) as localized text and JSON for chat and command line."""
