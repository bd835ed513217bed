"""Single-use nonces of the live pages' result forms (migration 0013)."""

from __future__ import annotations

from datetime import datetime

from storage.database import Tx
from storage.timestamps import utc_text


async def issue_nonce(tx: Tx, nonce: str, tournament_id: int, holder: str, at: datetime, *,
                      forget_before: datetime) -> None:
    """Store a new nonce for ``holder``; drop the nonces issued before ``forget_before`` (worth nothing by then)."""
    await tx.execute("DELETE FROM web_form_nonces WHERE issued_at < ?", (utc_text(forget_before),))
    await tx.execute(
        "INSERT INTO web_form_nonces (nonce, tournament_id, holder, issued_at) VALUES (?, ?, ?, ?)",
        (nonce, tournament_id, holder, utc_text(at)))


async def use_nonce(tx: Tx, nonce: str, tournament_id: int, holder: str, at: datetime, *,
                    issued_after: datetime) -> bool:
    """Take the nonce once.

    ``True`` when it was issued to ``holder`` for this tournament after ``issued_after`` and not used before (it is used
    now); ``False`` otherwise, changing nothing."""
    changed = await tx.execute(
        "UPDATE web_form_nonces SET used_at = ? WHERE nonce = ? AND tournament_id = ? AND holder = ?"
        " AND used_at IS NULL AND issued_at > ?",
        (utc_text(at), nonce, tournament_id, holder, utc_text(issued_after)))
    return changed == 1
