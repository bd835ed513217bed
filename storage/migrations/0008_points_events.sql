-- Swiss rounds and round-robin groups (issue 12). A points event keeps each round's pairing as it was made, with its
-- results (bot.tournament.points_event): one row per table (flaws: the JSON list of pairing rules no pairing of the
-- round could keep, "rematch" / "same_unit"; games and reports as in matches, bot.tournament.snapshot), the byes of
-- each round, and in a group stage each group's pairs in their round-robin order. Pairs of a points event have the
-- draw line -1 in teams until a knockout after the groups places them.

CREATE TABLE event_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    match_id      INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    table_number  INTEGER NOT NULL,
    group_index   INTEGER,
    left_team     INTEGER NOT NULL,
    right_team    INTEGER NOT NULL,
    flaws         TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(flaws)),
    state         TEXT    NOT NULL CHECK (state IN ('waiting', 'pending', 'reported', 'disputed', 'confirmed')),
    games         TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(games)),
    reports       TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(reports)),
    winner        TEXT    CHECK (winner IN ('left', 'right')),
    revision      INTEGER NOT NULL DEFAULT 1,
    updated_at    TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, match_id)
) WITHOUT ROWID;
CREATE INDEX event_tables_by_round ON event_tables (tournament_id, round, table_number);

CREATE TABLE event_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    round         INTEGER NOT NULL,
    team_id       INTEGER NOT NULL,
    group_index   INTEGER,
    PRIMARY KEY (tournament_id, round, team_id)
) WITHOUT ROWID;

CREATE TABLE event_groups (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    team_id       INTEGER NOT NULL,
    group_index   INTEGER NOT NULL,
    position      INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, team_id)
) WITHOUT ROWID;
