-- The event's own rules (竞赛规程) attached to a tournament with /notice: the text as read from the message or the
-- document, searched by /rule before the general rulebook. At most one notice per tournament; attaching another
-- replaces it.

CREATE TABLE tournament_notices (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (tournament_id),
    text          TEXT    NOT NULL CHECK (length(text) > 0),
    file_name     TEXT,
    attached_by   TEXT    NOT NULL,
    attached_at   TEXT    NOT NULL
);
