"""A tournament's entries and their members, read as :class:`~bot.tournament.entries.Entry` values."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.tournament.entries import Entry, EntryStatus, Gender, Person
from storage.database import Tx


async def load_entries(tx: Tx, tournament_id: int) -> tuple[Entry, ...]:
    """Every entry ever made (withdrawn ones too), in sign-up order."""
    statuses = {
        row["entry_id"]: EntryStatus(row["status"])
        for row in await tx.fetch_all(
            "SELECT entry_id, status FROM entries WHERE tournament_id = ? ORDER BY entry_id", (tournament_id,)
        )
    }
    members: dict[int, list[Person]] = {entry_id: [] for entry_id in statuses}
    for row in await tx.fetch_all(
        "SELECT entry_id, person_key, name, gender, unit FROM entry_members WHERE tournament_id = ?"
        " ORDER BY entry_id, position",
        (tournament_id,),
    ):
        gender = None if row["gender"] is None else Gender(row["gender"])
        members[row["entry_id"]].append(Person(row["person_key"], row["name"], gender, row["unit"]))
    return tuple(Entry(entry_id, tuple(members[entry_id]), status) for entry_id, status in statuses.items())


def _user_id(person: Person) -> int | None:
    return person.user_id


async def save_entries(
    tx: Tx, tournament_id: int, before: Sequence[Entry], after: Sequence[Entry], *, by: str, at: datetime
) -> None:
    """Write what changed from ``before`` to ``after``.

    New entries, statuses that moved, and members that were edited (a new name, gender or unit; a claimed name's
    account).

    New entries go in two batched statements, so a roster of thousands (``/import``) holds the transaction briefly.
    """
    known = {entry.entry_id: entry for entry in before}
    stamp = at.isoformat()
    added = [entry for entry in after if entry.entry_id not in known]
    if added:
        await tx.execute_many(
            "INSERT INTO entries (tournament_id, entry_id, status, created_by, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(tournament_id, entry.entry_id, entry.status.value, by, stamp, stamp) for entry in added],
        )
        await tx.execute_many(
            "INSERT INTO entry_members (tournament_id, entry_id, position, person_key, name, gender, unit,"
            " user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (tournament_id, entry.entry_id, position, person.key, person.name,
                 None if person.gender is None else person.gender.value, person.unit, _user_id(person))
                for entry in added
                for position, person in enumerate(entry.members)
            ],
        )
    for entry in after:
        old = known.get(entry.entry_id)
        if old is not None and old.status is not entry.status:
            await tx.execute(
                "UPDATE entries SET status = ?, updated_at = ? WHERE tournament_id = ? AND entry_id = ?",
                (entry.status.value, stamp, tournament_id, entry.entry_id),
            )
        if old is not None and old.members != entry.members:
            await _write_members(tx, tournament_id, entry, stamp)


async def _write_members(tx: Tx, tournament_id: int, entry: Entry, stamp: str) -> None:
    for position, person in enumerate(entry.members):
        await tx.execute(
            "UPDATE entry_members SET person_key = ?, name = ?, gender = ?, unit = ?, user_id = ?"
            " WHERE tournament_id = ? AND entry_id = ? AND position = ?",
            (person.key, person.name, None if person.gender is None else person.gender.value, person.unit,
             _user_id(person), tournament_id, entry.entry_id, position),
        )
    await tx.execute("UPDATE entries SET updated_at = ? WHERE tournament_id = ? AND entry_id = ?",
                     (stamp, tournament_id, entry.entry_id))
