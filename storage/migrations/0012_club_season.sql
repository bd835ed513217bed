-- The club and its season (bot.season): a group chat is a club whose people are recognised across its tournaments.
--
-- results_final: the order in which tables became final, one appended row each time a table goes from undecided to
-- decided (bot.services.tournament.state writes it in the change's transaction). Ratings replay a group's decided
-- tables in this order (the latest row of a table counts); board tells the knockout (matches) from the Swiss or
-- group rounds (event_tables). Tables decided before this migration are ordered by when their rows last changed.
CREATE TABLE results_final (
    sequence      INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    board         TEXT    NOT NULL CHECK (board IN ('knockout', 'points')),
    match_id      INTEGER NOT NULL,
    at            TEXT    NOT NULL
);
CREATE INDEX results_final_by_tournament ON results_final (tournament_id, sequence);

INSERT INTO results_final (tournament_id, board, match_id, at)
SELECT tournament_id, board, match_id, updated_at FROM (
    SELECT tournament_id, 'knockout' AS board, match_id, updated_at FROM matches WHERE state = 'confirmed'
    UNION ALL
    SELECT tournament_id, 'points' AS board, match_id, updated_at FROM event_tables WHERE state = 'confirmed'
) AS decided
ORDER BY updated_at, tournament_id, board, match_id;

-- The club's own records about its people, appended (the latest row of a person wins): kind 'link' says that
-- person_key is the same person as value (a claim: a name to an account; a merge: one spelling to another);
-- 'name' the name the club shows; 'unit' the unit new entries get by default ('' none).
CREATE TABLE club_people (
    row_id     INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id    INTEGER NOT NULL,
    person_key TEXT    NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('link', 'name', 'unit')),
    value      TEXT    NOT NULL,
    actor      TEXT    NOT NULL,
    at         TEXT    NOT NULL
);
CREATE INDEX club_people_by_chat ON club_people (chat_id, row_id);

-- Seasons: a named one from /season new until /season end (at most one open per chat), or a calendar year's
-- (year set) that only holds that year's ladder settings. points_table: the JSON list of points by place, NULL for
-- "pairs finished below + 1"; best: count only the best n results, NULL for all.
CREATE TABLE seasons (
    season_id    INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id      INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    year         INTEGER,
    started_at   TEXT    NOT NULL,
    ended_at     TEXT,
    points_table TEXT    CHECK (points_table IS NULL OR json_valid(points_table)),
    best         INTEGER CHECK (best IS NULL OR best > 0),
    updated_at   TEXT    NOT NULL
);
CREATE UNIQUE INDEX seasons_one_open_per_chat ON seasons (chat_id) WHERE year IS NULL AND ended_at IS NULL;
CREATE UNIQUE INDEX seasons_one_per_year ON seasons (chat_id, year) WHERE year IS NOT NULL;
CREATE INDEX seasons_by_chat ON seasons (chat_id, season_id);

-- The standing club notice (/notice club …), attached to every new tournament of the group; the latest row wins
-- ('' none).
CREATE TABLE club_notices (
    notice_id INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id   INTEGER NOT NULL,
    text      TEXT    NOT NULL,
    actor     TEXT    NOT NULL,
    at        TEXT    NOT NULL
);
CREATE INDEX club_notices_by_chat ON club_notices (chat_id, notice_id);
