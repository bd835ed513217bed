-- Result forms of the live pages (GET /t/<id>/me): each form carries a single-use nonce, issued to one holder (a
-- table token's digest, or a Telegram account from a Mini App) for one tournament; POST /t/<id>/report takes it
-- once (used_at), so a resubmitted form changes nothing. Old rows are dropped when new ones are issued.
CREATE TABLE web_form_nonces (
    nonce         TEXT    NOT NULL PRIMARY KEY,
    tournament_id INTEGER NOT NULL,
    holder        TEXT    NOT NULL,
    issued_at     TEXT    NOT NULL,
    used_at       TEXT
) WITHOUT ROWID;
CREATE INDEX web_form_nonces_by_issue ON web_form_nonces (issued_at);
