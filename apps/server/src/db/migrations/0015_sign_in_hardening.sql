-- Sign-in and sessions: spent refresh tokens (decision 108), and sign-in methods with ids (decision 107).

-- Refresh tokens a session has already rotated away. Presenting one again means the token was
-- copied: the whole session (the thief's pair and the owner's newer one) is revoked (decision 108).
-- Kept until the spent token would have expired anyway; the maintenance job sweeps them.
CREATE TABLE spent_refresh_tokens (
  refresh_token_hash bytea PRIMARY KEY,
  session_id         uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at         timestamptz NOT NULL
);
CREATE INDEX spent_refresh_tokens_session_id_idx ON spent_refresh_tokens (session_id);

-- Sign-in methods are explicit (decision 107): each network identity gets an id the account
-- settings can name, and the network account's name as last seen, to show in that list.
ALTER TABLE user_identities ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE user_identities ADD CONSTRAINT user_identities_id_key UNIQUE (id);
ALTER TABLE user_identities ADD COLUMN label text;
