-- Chats, the users the bot has seen, update idempotency and the append-only history.

CREATE TABLE chats (
    chat_id     INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL DEFAULT 'group',
    title       TEXT,
    language    TEXT    CHECK (language IN ('zh', 'en')),
    migrated_to INTEGER,
    updated_at  TEXT    NOT NULL
);

-- The Bot API cannot turn an @username into a user id, so every user the bot has seen is kept.
CREATE TABLE users (
    user_id       INTEGER PRIMARY KEY,
    username      TEXT,
    display_name  TEXT    NOT NULL,
    language_code TEXT,
    last_seen_at  TEXT    NOT NULL
);
CREATE INDEX users_by_username ON users (lower(username)) WHERE username IS NOT NULL;

CREATE TABLE processed_updates (
    update_id    INTEGER PRIMARY KEY,
    chat_id      INTEGER,
    processed_at TEXT    NOT NULL
);
CREATE INDEX processed_updates_by_time ON processed_updates (processed_at);

CREATE TABLE history (
    event_id      INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id       INTEGER,
    tournament_id INTEGER,
    actor         TEXT    NOT NULL,
    kind          TEXT    NOT NULL,
    details       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(details)),
    at            TEXT    NOT NULL
);
CREATE INDEX history_by_chat ON history (chat_id, event_id);
CREATE INDEX history_by_tournament ON history (tournament_id, event_id);

-- Append-only: an event is never deleted or rewritten. Only its chat id may follow a group → supergroup move.
CREATE TRIGGER history_no_delete BEFORE DELETE ON history
BEGIN
    SELECT RAISE(ABORT, 'history is append-only');
END;

CREATE TRIGGER history_no_rewrite BEFORE UPDATE OF event_id, tournament_id, actor, kind, details, at ON history
BEGIN
    SELECT RAISE(ABORT, 'history is append-only');
END;
