-- Pairs who leave or arrive after the draw of a Swiss or group event (issue 22 §3). One row per such pair:
-- joined_round, a pair entered after the draw (its team row is added then) and the first round it is paired in;
-- withdrawn_round, the first round a withdrawn pair is no longer paired in (NULL: playing, or taken back with
-- /reinstate). The history records every withdrawal and reinstatement; this row is the state now.

CREATE TABLE event_pairs (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    team_id         INTEGER NOT NULL,
    joined_round    INTEGER,
    withdrawn_round INTEGER,
    PRIMARY KEY (tournament_id, team_id)
) WITHOUT ROWID;
