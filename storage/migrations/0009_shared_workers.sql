-- Many workers on one database (issue 14).

-- Announcements claimed from the database (storage.announcements.claim_due): a worker leases a due row for a short
-- while (claimed_by, claimed_until), renewing the lease while it sends; a lease that ran out belongs to a worker that
-- died, and the row is taken over under the in-flight rule. retry_at: when a row that was not accepted is tried
-- again (RetryLater's wait, a moved chat); failures: such retries so far, for the backoff.
ALTER TABLE announcements ADD COLUMN claimed_by TEXT;
ALTER TABLE announcements ADD COLUMN claimed_until TEXT;
ALTER TABLE announcements ADD COLUMN retry_at TEXT;
ALTER TABLE announcements ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
-- The claim's order and the earliest next attempt: pending rows by when they are to be tried next.
CREATE INDEX announcements_next_attempt ON announcements (coalesce(retry_at, due_at)) WHERE state = 'pending';

-- Versions of what workers keep in memory (storage.cache_versions): a change bumps its scope's version in its own
-- transaction; a worker compares the version with the one it loaded before answering from memory.
CREATE TABLE cache_versions (
    scope   TEXT    PRIMARY KEY,
    version INTEGER NOT NULL
);
