-- Tournaments: at most one open (registration or drawn) per chat; their entries, invitations, referees, the draw's
-- pairs and reserves, and one row per bracket match. Every query names a tournament id (or a chat id for the
-- tournament itself), so each is an index lookup whatever the number of tournaments kept.

CREATE TABLE tournaments (
    tournament_id   INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id         INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'registration'
                            CHECK (status IN ('registration', 'drawn', 'finished', 'cancelled')),
    mode            TEXT    NOT NULL DEFAULT 'pairs' CHECK (mode IN ('pairs', 'mixed')),
    creator         TEXT    NOT NULL,
    creator_user_id INTEGER,
    settings        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    commitment      TEXT,
    seed            TEXT,
    draw_file       TEXT,
    version         INTEGER NOT NULL DEFAULT 1,
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL,
    drawn_at        TEXT,
    finished_at     TEXT
);
CREATE UNIQUE INDEX tournaments_one_open_per_chat ON tournaments (chat_id) WHERE status IN ('registration', 'drawn');
CREATE INDEX tournaments_by_chat ON tournaments (chat_id, tournament_id);

-- A group that becomes a supergroup moves its tournaments (storage.chats.CHAT_KEYED_COLUMNS); the new version number
-- tells every in-process cache of the tournament that its copy is stale.
CREATE TRIGGER tournaments_chat_moved AFTER UPDATE OF chat_id ON tournaments
BEGIN
    UPDATE tournaments SET version = version + 1 WHERE tournament_id = NEW.tournament_id;
END;

-- entry_id counts sign-ups per tournament from 1 and is never reused: it is also the sign-up order.
CREATE TABLE entries (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    entry_id      INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('active', 'waiting', 'withdrawn')),
    created_by    TEXT    NOT NULL,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, entry_id)
) WITHOUT ROWID;

CREATE TABLE entry_members (
    tournament_id INTEGER NOT NULL,
    entry_id      INTEGER NOT NULL,
    position      INTEGER NOT NULL CHECK (position IN (0, 1)),
    person_key    TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    gender        TEXT    CHECK (gender IN ('m', 'f')),
    unit          TEXT,
    user_id       INTEGER,
    PRIMARY KEY (tournament_id, entry_id, position),
    FOREIGN KEY (tournament_id, entry_id) REFERENCES entries (tournament_id, entry_id)
) WITHOUT ROWID;
CREATE INDEX entry_members_by_person ON entry_members (tournament_id, person_key);

-- "/signup @partner": the invitee is known by user id (a reply, or a username the bot has seen) or only by
-- @username until they /accept, which reveals their id.
CREATE TABLE invitations (
    invitation_id    INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id    INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    inviter_user_id  INTEGER NOT NULL,
    inviter_name     TEXT    NOT NULL,
    invitee_user_id  INTEGER,
    invitee_username TEXT,
    invitee_name     TEXT    NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'cancelled')),
    created_at       TEXT    NOT NULL,
    resolved_at      TEXT,
    CHECK (invitee_user_id IS NOT NULL OR invitee_username IS NOT NULL)
);
CREATE INDEX invitations_open ON invitations (tournament_id, status);

CREATE TABLE referees (
    referee_id    INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    user_id       INTEGER,
    username      TEXT,
    display_name  TEXT    NOT NULL,
    added_by      TEXT    NOT NULL,
    added_at      TEXT    NOT NULL,
    CHECK (user_id IS NOT NULL OR username IS NOT NULL)
);
CREATE UNIQUE INDEX referees_by_user ON referees (tournament_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX referees_by_username ON referees (tournament_id, lower(username)) WHERE user_id IS NULL;

-- The draw's pairs (members: a JSON list of person keys; line: the draw line in the bracket) and the people it left
-- out, in lot order.
CREATE TABLE teams (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    team_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    members       TEXT    NOT NULL CHECK (json_valid(members)),
    unit          TEXT,
    line          INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, team_id)
) WITHOUT ROWID;

CREATE TABLE reserves (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    position      INTEGER NOT NULL,
    person_key    TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    gender        TEXT    CHECK (gender IN ('m', 'f')),
    unit          TEXT,
    PRIMARY KEY (tournament_id, position)
) WITHOUT ROWID;

-- One row per match the engine stores: every match of a started round except round-1 byes (the rest follows from
-- the draw lines and these rows; bot.tournament.snapshot, which also describes the JSON columns). revision grows with
-- every change of the row: a button pressed on an older state of the match is stale.
CREATE TABLE matches (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    match_id      INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    slot          INTEGER NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('main', 'third_place')),
    best_of       INTEGER NOT NULL,
    left_team     INTEGER,
    right_team    INTEGER,
    state         TEXT    NOT NULL CHECK (state IN ('waiting', 'pending', 'reported', 'disputed', 'confirmed', 'bye',
                                                   'walkover', 'void')),
    table_number  INTEGER,
    games         TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(games)),
    reports       TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(reports)),
    winner        TEXT    CHECK (winner IN ('left', 'right')),
    revision      INTEGER NOT NULL DEFAULT 1,
    updated_at    TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, match_id)
) WITHOUT ROWID;
CREATE INDEX matches_by_round_table ON matches (tournament_id, round, table_number);
