"""The intake's one statement per update: was it applied before, and what every command reads of its chat.

An update that is not new stops at the intake; one that is new is then asked for its chat's language and, for
most commands, its chat's tournament and the version of the names people chose (``bot.services.names``). Asked
one by one that is three to five round trips before the command starts; asked together it is one
(``bot.claims.ChatSeen``), every engine reading one snapshot for a single statement.
"""

from __future__ import annotations

from bot.claims import ChatSeen, TournamentSeen
from storage.database import Row, Storage, Tx

_ADMISSION = (
    "SELECT (SELECT 1 FROM processed_updates WHERE update_id = ?) AS processed,"
    " (SELECT language FROM chats WHERE chat_id = ?) AS language,"
    " (SELECT version FROM cache_versions WHERE scope = 'chosen_names') AS names_version,"
    " t.tournament_id, t.version, t.status, t.creator_user_id,"
    " EXISTS (SELECT 1 FROM referees AS r WHERE r.tournament_id = t.tournament_id AND (r.user_id = ?"
    " OR (r.user_id IS NULL AND CAST(? AS TEXT) IS NOT NULL AND lower(r.username) = lower(?)))) AS referee,"
    " EXISTS (SELECT 1 FROM tournament_notices AS n WHERE n.tournament_id = t.tournament_id) AS noticed"
    " FROM (SELECT 1 AS one) AS d LEFT JOIN ("
    "SELECT tournament_id, version, status, creator_user_id FROM tournaments"
    " WHERE chat_id = ? AND status IN ('registration', 'drawn', 'finished')"
    " ORDER BY CASE WHEN status = 'finished' THEN 1 ELSE 0 END, tournament_id DESC LIMIT 1"
    ") AS t ON 1 = 1"
)
"""The chat's open tournament (one at most: a unique index), else its latest finished one: what
``storage.tournaments.latest_tournament`` finds, in one statement with the update's check and the language; with
it, whether the sender is one of its referees (``storage.tournament_people.is_referee``) and whether it has a
notice."""


def _seen(row: Row | None, user_id: int | None) -> tuple[bool, ChatSeen]:
    if row is None:  # not reached: the statement always returns its one row
        return False, ChatSeen(None, None, 0)
    tournament = None if row["tournament_id"] is None else TournamentSeen(
        int(row["tournament_id"]), int(row["version"]), row["status"] != "finished",
        creator_user_id=row["creator_user_id"], sender=user_id, sender_referee=bool(row["referee"]),
        noticed=bool(row["noticed"]))
    names = row["names_version"]
    return row["processed"] is not None, ChatSeen(row["language"], tournament, 0 if names is None else int(names))


async def admission(storage: Storage, update_id: int, chat_id: int, user_id: int | None,
                    username: str | None) -> tuple[bool, ChatSeen]:
    """Whether ``update_id`` was applied before, and what the chat shows its sender now.

    The sender is ``user_id`` and ``username`` (``None`` for a post on behalf of a chat); one statement outside any
    transaction."""
    return _seen(await storage.query_one(_ADMISSION, (update_id, chat_id, user_id, username, username, chat_id)),
                 user_id)


async def admission_in(tx: Tx, update_id: int, chat_id: int, user_id: int | None,
                       username: str | None) -> tuple[bool, ChatSeen]:
    """:func:`admission` inside ``tx`` (the intake writing a new chat or person)."""
    return _seen(await tx.fetch_one(_ADMISSION, (update_id, chat_id, user_id, username, username, chat_id)),
                 user_id)
