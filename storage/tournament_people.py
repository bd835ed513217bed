"""People around a tournament who are not (yet) in its entries: invited partners, referees and name claims."""

from __future__ import annotations

from datetime import datetime

from bot.tournament.people import Invitation, InvitationStatus, NameClaim, NameClaimStatus, Referee
from storage.database import Row, Storage, Tx


def _invitation(row: Row) -> Invitation:
    return Invitation(
        row["invitation_id"], row["tournament_id"], row["inviter_user_id"], row["inviter_name"],
        row["invitee_user_id"], row["invitee_username"], row["invitee_name"], InvitationStatus(row["status"]),
        row["unit"],
    )


async def add_invitation(
    tx: Tx, tournament_id: int, *, inviter_user_id: int, inviter_name: str, invitee_user_id: int | None,
    invitee_username: str | None, invitee_name: str, at: datetime, unit: str | None = None,
) -> Invitation:
    invitation_id = await tx.insert(
        "INSERT INTO invitations (tournament_id, inviter_user_id, inviter_name, invitee_user_id, invitee_username,"
        " invitee_name, created_at, unit) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING invitation_id",
        (tournament_id, inviter_user_id, inviter_name, invitee_user_id, invitee_username, invitee_name,
         at.isoformat(), unit),
    )
    return Invitation(invitation_id, tournament_id, inviter_user_id, inviter_name, invitee_user_id,
                      invitee_username, invitee_name, InvitationStatus.OPEN, unit)


async def open_invitations(tx: Tx, tournament_id: int) -> list[Invitation]:
    rows = await tx.fetch_all(
        "SELECT * FROM invitations WHERE tournament_id = ? AND status = 'open' ORDER BY invitation_id",
        (tournament_id,),
    )
    return [_invitation(row) for row in rows]


async def get_invitation(tx: Tx, invitation_id: int) -> Invitation | None:
    row = await tx.fetch_one("SELECT * FROM invitations WHERE invitation_id = ?", (invitation_id,))
    return None if row is None else _invitation(row)


async def resolve_invitation(
    tx: Tx, invitation_id: int, status: InvitationStatus, at: datetime, *, invitee_user_id: int | None = None
) -> None:
    """Close an open invitation (accepted: with the invitee's now known user id)."""
    await tx.execute(
        "UPDATE invitations SET status = ?, resolved_at = ?, invitee_user_id = coalesce(?, invitee_user_id)"
        " WHERE invitation_id = ? AND status = 'open'",
        (status.value, at.isoformat(), invitee_user_id, invitation_id),
    )


async def add_referee(
    tx: Tx, tournament_id: int, *, user_id: int | None, username: str | None, display_name: str, by: str,
    at: datetime,
) -> bool:
    """Name a referee; ``False`` if they already are one."""
    changed = await tx.execute(
        "INSERT INTO referees (tournament_id, user_id, username, display_name, added_by, added_at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (tournament_id, user_id, username, display_name, by, at.isoformat()),
    )
    return changed == 1


async def referees(tx: Tx, tournament_id: int) -> list[Referee]:
    rows = await tx.fetch_all(
        "SELECT user_id, username, display_name FROM referees WHERE tournament_id = ? ORDER BY referee_id",
        (tournament_id,),
    )
    return [Referee(row["user_id"], row["username"], row["display_name"]) for row in rows]


async def is_referee(tx: Tx, tournament_id: int, user_id: int, username: str | None) -> bool:
    row = await tx.fetch_one(
        "SELECT 1 FROM referees WHERE tournament_id = ? AND (user_id = ?"
        " OR (user_id IS NULL AND CAST(? AS TEXT) IS NOT NULL AND lower(username) = lower(?)))",
        (tournament_id, user_id, username, username),
    )
    return row is not None


async def creator_and_referee(storage: Storage, tournament_id: int, user_id: int,
                              username: str | None) -> tuple[int | None, bool]:
    """The tournament's creator (user id) and whether the person is one of its referees.

    One statement outside any transaction (the roles of a caller who only asks); ``(None, False)`` for no such
    tournament."""
    row = await storage.query_one(
        "SELECT t.creator_user_id, EXISTS (SELECT 1 FROM referees AS r WHERE r.tournament_id = t.tournament_id"
        " AND (r.user_id = ? OR (r.user_id IS NULL AND CAST(? AS TEXT) IS NOT NULL"
        " AND lower(r.username) = lower(?)))) AS referee FROM tournaments AS t WHERE t.tournament_id = ?",
        (user_id, username, username, tournament_id),
    )
    return (None, False) if row is None else (row["creator_user_id"], bool(row["referee"]))


def _name_claim(row: Row) -> NameClaim:
    return NameClaim(row["claim_id"], row["tournament_id"], row["person_key"], row["name"], row["user_id"],
                 row["display_name"], NameClaimStatus(row["status"]))


async def add_name_claim(tx: Tx, tournament_id: int, *, person_key: str, name: str, user_id: int, display_name: str,
                    at: datetime) -> NameClaim:
    claim_id = await tx.insert(
        "INSERT INTO name_claims (tournament_id, person_key, name, user_id, display_name, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?) RETURNING claim_id",
        (tournament_id, person_key, name, user_id, display_name, at.isoformat()),
    )
    return NameClaim(claim_id, tournament_id, person_key, name, user_id, display_name, NameClaimStatus.OPEN)


async def open_name_claims(tx: Tx, tournament_id: int) -> list[NameClaim]:
    rows = await tx.fetch_all(
        "SELECT * FROM name_claims WHERE tournament_id = ? AND status = 'open' ORDER BY claim_id", (tournament_id,)
    )
    return [_name_claim(row) for row in rows]


async def resolve_name_claim(tx: Tx, claim_id: int, status: NameClaimStatus, at: datetime) -> None:
    await tx.execute(
        "UPDATE name_claims SET status = ?, resolved_at = ? WHERE claim_id = ? AND status = 'open'",
        (status.value, at.isoformat(), claim_id),
    )
