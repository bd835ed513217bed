-- WeCom (企业微信) accounts and the names people choose with /name (issue 13).

-- WeCom names people (userid) and groups (chatid) by strings; the rest of the database keys them by INTEGER ids,
-- as Telegram's. Each string gets the next internal id of its kind's reserved range (bot.services.platform_ids):
-- people from 2^60 up, groups from -2^60 down, far from every Telegram id. Rows are never changed or removed.
CREATE TABLE wecom_ids (
    kind        TEXT    NOT NULL CHECK (kind IN ('user', 'chat')),
    wecom_id    TEXT    NOT NULL,
    internal_id INTEGER NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (kind, wecom_id)
);
CREATE UNIQUE INDEX wecom_ids_by_internal_id ON wecom_ids (internal_id);

-- The name the bot shows for a person (any platform), chosen with /name; it wins over the platform's name.
CREATE TABLE chosen_names (
    user_id   INTEGER PRIMARY KEY,
    name      TEXT    NOT NULL,
    chosen_at TEXT    NOT NULL
);
