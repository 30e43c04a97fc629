-- People, their sessions, password resets, the mail outbox, rate-limit counters and worker heartbeats.
-- Runs on PostgreSQL 15 and later (gen_random_uuid is built in since 13).

CREATE TABLE users (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email         text,
  password_hash text,
  name          text NOT NULL,
  first_name    text,
  last_name     text,
  username      text,
  avatar_url    text,
  cover_url     text,
  bio           text,
  location      text,
  website       text,
  time_zone     text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- Addresses are stored lower-cased by the application; the index makes that a rule.
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX users_username_key ON users (lower(username)) WHERE username IS NOT NULL;

-- One row per signed-in browser. Only SHA-256 digests of the bearer secrets are kept.
CREATE TABLE sessions (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id            uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  access_token_hash  bytea NOT NULL UNIQUE,
  access_expires_at  timestamptz NOT NULL,
  refresh_token_hash bytea NOT NULL UNIQUE,
  refresh_expires_at timestamptz NOT NULL,
  user_agent         text,
  ip                 text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  refreshed_at       timestamptz,
  revoked_at         timestamptz
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE password_reset_tokens (
  token_hash bytea PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id);

-- Every message we send. Without SMTP_URL this table is the mailbox ("stored").
CREATE TABLE emails (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  to_address text NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  html_body  text,
  status     text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'stored', 'failed')),
  error      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz
);
CREATE INDEX emails_created_at_idx ON emails (created_at);

-- Fixed-window counters shared by every API process (login, reset, contact limits).
CREATE TABLE rate_limit_counters (
  key          text NOT NULL,
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL,
  PRIMARY KEY (key, window_start)
);

CREATE TABLE worker_heartbeats (
  worker_id    text PRIMARY KEY,
  hostname     text NOT NULL,
  pid          integer NOT NULL,
  started_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
