-- /claim of a name the club knows (bot.services.club_claims): an account says it is a person the group's
-- tournaments entered by name, when no tournament open in the group has an entry of that name. An organiser's
-- confirmation links the name to the account for every tournament of the group (a club_people 'link' row); an
-- organiser's own claim links at once and leaves no row here. At most one claim per name is open: a newer one
-- cancels it.
CREATE TABLE club_claims (
    claim_id     INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id      INTEGER NOT NULL,
    person_key   TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'cancelled')),
    created_at   TEXT    NOT NULL,
    resolved_at  TEXT
);
CREATE INDEX club_claims_open ON club_claims (chat_id, status);
