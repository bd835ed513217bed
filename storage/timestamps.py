"""Instants as stored text: UTC, ISO 8601 to the second, so that comparing the text compares the time."""

from __future__ import annotations

from datetime import UTC, datetime


def utc_text(instant: datetime) -> str:
    if instant.tzinfo is None:
        raise ValueError(f"naive datetime {instant.isoformat()}: pass an aware one")
    return instant.astimezone(UTC).isoformat(timespec="seconds")


def from_text(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)
