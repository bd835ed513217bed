-- The name members @-mention the WeCom bot by (WeCom tells a bot no name of its own: it is learned from their
-- messages), kept so that a restarted process writes its instructions with it before anyone has written again.
CREATE TABLE wecom_bot_names (
    bot_id     TEXT    NOT NULL PRIMARY KEY,
    name       TEXT    NOT NULL,
    learned_at TEXT    NOT NULL
);
