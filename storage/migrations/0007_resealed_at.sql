-- When /undraw sealed the draw seed now in tournaments.sealed_seed, its commitment published then; NULL: the seed was
-- sealed when the tournament opened (its created_at). The draw file states the time, to compare with the chat.
ALTER TABLE tournaments ADD COLUMN resealed_at TEXT;
