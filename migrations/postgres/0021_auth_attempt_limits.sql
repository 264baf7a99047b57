-- Wrong codes tried against a live one-time token's address (#9): the
-- fifth kills the token, so a 6-digit code cannot be guessed.
ALTER TABLE one_time_tokens ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0;
