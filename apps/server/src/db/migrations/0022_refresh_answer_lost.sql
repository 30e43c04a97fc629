-- A refresh whose answer never reached the browser (a dropped or throttled connection) must not end
-- the session (decision 126). The session remembers the refresh token it last rotated away and
-- whether its current pair has been used since: while it has not, the previous refresh token may be
-- presented again and gets a new pair. Once the new pair is used, the previous token is spent for good.
ALTER TABLE sessions ADD COLUMN previous_refresh_token_hash bytea;
ALTER TABLE sessions ADD COLUMN pair_used_at timestamptz;
-- Sessions opened before this migration count their pair as used: nothing is relaxed for them.
UPDATE sessions SET pair_used_at = coalesce(refreshed_at, created_at);
CREATE INDEX sessions_previous_refresh_token_hash_idx ON sessions (previous_refresh_token_hash)
  WHERE previous_refresh_token_hash IS NOT NULL;
