-- /claim: an account says it is a member an organiser entered by name; an organiser's confirmation links them.
-- At most one open claim per entered name (a newer claim replaces an older one).
CREATE TABLE name_claims (
    claim_id      INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    person_key    TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    user_id       INTEGER NOT NULL,
    display_name  TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'cancelled')),
    created_at    TEXT    NOT NULL,
    resolved_at   TEXT
);
CREATE INDEX name_claims_open ON name_claims (tournament_id, status);

-- A draw seed chosen and committed to (its commitment published in the tournaments.commitment column) before the
-- draw, kept secret until the draw reveals it in tournaments.seed: /undraw makes one for the next draw.
ALTER TABLE tournaments ADD COLUMN sealed_seed TEXT;
