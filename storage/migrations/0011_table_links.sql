-- The public side of a tournament: its public id (the address of its live pages, random, never derived from the
-- chat id) with the switch /web off turns, and the result tokens of the pairs at each table of each round (the
-- table cards' QR codes). A token names its round, table, side and the pair it was issued to: once that round is
-- over, or that seat holds another pair (a new draw, a swap), the token is worth nothing
-- (bot.services.table_links decides).

CREATE TABLE tournament_links (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (tournament_id),
    public_id     TEXT    NOT NULL,
    pages_open    INTEGER NOT NULL DEFAULT 1 CHECK (pages_open IN (0, 1)),
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE UNIQUE INDEX tournament_links_by_public_id ON tournament_links (public_id);

CREATE TABLE table_tokens (
    token         TEXT    NOT NULL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    round         INTEGER NOT NULL,
    table_number  INTEGER NOT NULL,
    side          TEXT    NOT NULL CHECK (side IN ('left', 'right')),
    team_id       INTEGER NOT NULL,
    issued_at     TEXT    NOT NULL
) WITHOUT ROWID;
CREATE UNIQUE INDEX table_tokens_by_seat ON table_tokens (tournament_id, round, table_number, side, team_id);
