"""What the services keep in memory, and why no worker answers from a stale copy.

Any number of workers may share one PostgreSQL database: a copy another worker's change has made stale is never used.

Two ways keep a copy correct, both checked against the database, never against a notice that may come late:

* **the version travels with the row.** A loaded tournament (``bot.services.tournament.state.TournamentCache``) is
  cached by (id, ``version``); every change counts the version in its own transaction
  (``storage.tournaments.touch``; a group moving to a supergroup counts it too, by a trigger of migration 0002),
  and every use reads the tournament's row first, in the transaction or snapshot that uses it. A copy of another
  version is never used. No extra read: the row is read anyway to find the chat's tournament.
* **a version per scope** (``storage.cache_versions``) for what is used without reading its rows: the names people
  chose with ``/name`` (``bot.services.names.ChosenNames``). A change bumps the scope's version in its transaction;
  before the copy is used, :func:`shared_by_workers` databases compare it with the stored version (one indexed
  read, ``ChosenNames.refresh``) and reload on a difference. SQLite serves one process (``python -m bot run``):
  the copy is kept current by the process's own changes and no read is added there.

Kept for a while on purpose, the same in one process as in many:

* a group's administrators (``bot.services.roles.ChatAdministrators``, 2 minutes). They come from Telegram
  (``getChatAdministrators``), not from a change any worker makes: the bot is not told when they change, so one
  process is already as much as a TTL behind Telegram, and a worker's copy is never older than that either. Sharing
  them through the database would not make them fresher, only cost a write per lookup.

Memory that answers nothing:

* rendered pictures (``bot.services.tournament.pictures``) are memoized by everything they show: a changed
  tournament is a different key.
* ``bot.services.acquaintances.Acquaintances`` only spares rewriting a chat's or person's row that this worker wrote
  lately with the same values. Limit: a person's username (or a chat's title) that changed and changed back within
  the hour, each change seen by a different worker, leaves the row with the middle value until the hour is up (or the
  next change), and a username taken over from someone through another worker is not cleared here.
* ``bot.services.platform_ids.WeComDirectory`` maps WeCom ids to internal ones; a mapping never changes once made
  (a miss goes to the database), and WeCom's long connection runs in one process.
"""

from __future__ import annotations

from storage import Storage


def shared_by_workers(storage: Storage) -> bool:
    """Whether other processes may change ``storage`` while this one runs (PostgreSQL).

    Copies kept in memory are then checked against their stored version before use."""
    return storage.engine == "postgresql"
