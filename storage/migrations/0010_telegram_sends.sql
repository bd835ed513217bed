-- Telegram's per-group message budget shared by every worker process of one bot (issue 15, item 1): one row per
-- reserved slot, at slot_at seconds since the epoch (REAL: fractions of a second matter), for messages messages
-- (an album takes several). handlers.telegram.pacing reserves a slot under the chat's advisory lock
-- (storage.telegram_sends); rows older than the window are deleted as slots are reserved.
CREATE TABLE telegram_sends (
    send_id  INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id  INTEGER NOT NULL,
    slot_at  REAL    NOT NULL,
    messages INTEGER NOT NULL CHECK (messages > 0)
);
CREATE INDEX telegram_sends_by_chat ON telegram_sends (chat_id, slot_at);
