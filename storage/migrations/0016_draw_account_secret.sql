-- The secret a draw file's account keys are keyed by (hex, 32 bytes; bot.tournament.draw): made at each draw,
-- never published, so the published file names no account a reader could recover by trying ids (the keys of a
-- version 2 file were keyed by the seed printed in the same file). NULL before a draw, after /undraw, and for a
-- draw made before this column (its file keys accounts by the seed).

ALTER TABLE tournaments ADD COLUMN account_secret TEXT;
