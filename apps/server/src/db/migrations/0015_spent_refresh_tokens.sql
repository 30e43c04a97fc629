-- Refresh tokens a session has already rotated away. Presenting one again means the token was
-- copied: the whole session (the thief's pair and the owner's newer one) is revoked (decision 108).
-- Kept until the spent token would have expired anyway; the maintenance job sweeps them.
CREATE TABLE spent_refresh_tokens (
  refresh_token_hash bytea PRIMARY KEY,
  session_id         uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at         timestamptz NOT NULL
);
CREATE INDEX spent_refresh_tokens_session_id_idx ON spent_refresh_tokens (session_id);
