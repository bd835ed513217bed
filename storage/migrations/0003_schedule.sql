-- The match clock: when rounds start, the announcements that go with them, check-ins. (The timing settings,
-- remind and checkin, are tournament settings.)
-- Every instant is stored as UTC ISO 8601 text with seconds ("2026-05-01T11:30:00+00:00"), so text order is time
-- order.

-- One row per scheduled round: the timetable.
CREATE TABLE round_schedules (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL CHECK (round >= 1),
    chat_id       INTEGER NOT NULL,
    starts_at     TEXT    NOT NULL,
    set_by        TEXT    NOT NULL,
    set_at        TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, round)
);
CREATE INDEX round_schedules_by_chat ON round_schedules (chat_id);

-- The source of truth for every announcement: a job in the JobQueue is only a timer for a pending row.
CREATE TABLE announcements (
    announcement_id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id   INTEGER NOT NULL,
    chat_id         INTEGER NOT NULL,
    round           INTEGER NOT NULL CHECK (round >= 1),
    kind            TEXT    NOT NULL CHECK (kind IN ('reminder', 'start', 'checkin', 'warning', 'time_up')),
    due_at          TEXT    NOT NULL,
    state           TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (state IN ('pending', 'sent', 'late', 'dropped', 'cancelled')),
    late            INTEGER NOT NULL DEFAULT 0 CHECK (late IN (0, 1)),
    attempts        INTEGER NOT NULL DEFAULT 0,
    -- Rendered at the first attempt and reused by every retry, so a retry never sends a different text.
    body            TEXT,
    -- How many pieces of a long body Telegram has accepted: a retry continues after them.
    parts_sent      INTEGER NOT NULL DEFAULT 0,
    parts_total     INTEGER,
    -- The piece being sent right now (set before the request, cleared after its answer). Found set at start-up,
    -- the process died while Telegram may have accepted it: it counts as sent (an announcement goes out at most
    -- once).
    part_in_flight  INTEGER,
    last_error      TEXT,
    created_at      TEXT    NOT NULL,
    sent_at         TEXT,
    closed_at       TEXT
);
CREATE INDEX announcements_pending ON announcements (due_at) WHERE state = 'pending';
CREATE INDEX announcements_by_round ON announcements (tournament_id, round, announcement_id);
-- At most one pending announcement of a kind per round: re-planning cancels the old one first.
CREATE UNIQUE INDEX announcements_one_pending ON announcements (tournament_id, round, kind) WHERE state = 'pending';

-- A pair at a table confirmed it is there (``/here``).
CREATE TABLE checkins (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    table_number  INTEGER NOT NULL,
    side          TEXT    NOT NULL CHECK (side IN ('left', 'right')),
    actor         TEXT    NOT NULL,
    at            TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, round, table_number, side)
);
