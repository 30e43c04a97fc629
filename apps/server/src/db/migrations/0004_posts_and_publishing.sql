-- Composed posts, one target per (post, account), every publish attempt, and uploaded media.

CREATE TABLE media (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  mime_type   text NOT NULL CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/gif')),
  byte_size   integer NOT NULL,
  width       integer NOT NULL,
  height      integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_user_id_idx ON media (user_id);

-- What the person wrote once; the per-network texts live on the targets.
CREATE TABLE posts (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  original_text text NOT NULL,
  ai_enhanced   boolean NOT NULL DEFAULT false,
  -- The IANA zone the person planned in: the instant is what counts, the zone is for display.
  time_zone     text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX posts_user_id_idx ON posts (user_id);

-- One post on one network account. Lifecycle:
--   scheduled -> publishing -> published | failed | needs_reconnect | missed
-- `publishing` is a lease: held by `lease_owner` until `lease_until`; an expired lease may be
-- claimed again, and the next attempt reconciles with the network before sending anything.
CREATE TABLE post_targets (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id          uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Kept when the account is disconnected, so history stays; a scheduled target then fails.
  account_id       uuid REFERENCES social_accounts (id) ON DELETE SET NULL,
  network          text NOT NULL CHECK (network IN ('x', 'linkedin')),
  linkedin_org_id  text,
  text             text NOT NULL,
  media_ids        uuid[] NOT NULL DEFAULT '{}',
  -- When the person wants it out. `due_at` is when the next attempt may start (retries move it).
  scheduled_at     timestamptz NOT NULL,
  due_at           timestamptz NOT NULL,
  status           text NOT NULL DEFAULT 'scheduled'
                     CHECK (status IN ('scheduled', 'publishing', 'published', 'failed', 'needs_reconnect', 'missed')),
  lease_owner      text,
  -- A new value at every claim: outcome writes must present it, so a worker that lost its lease
  -- (even to itself, after a pause) can no longer change the target.
  lease_token      uuid,
  lease_until      timestamptz,
  attempt_count    integer NOT NULL DEFAULT 0,
  -- The last attempt ended without knowing whether the network created the post.
  needs_reconcile  boolean NOT NULL DEFAULT false,
  network_post_id  text,
  network_post_url text,
  published_at     timestamptz,
  failure_reason   text,
  failure_class    text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'publishing' OR (lease_owner IS NOT NULL AND lease_token IS NOT NULL AND lease_until IS NOT NULL)),
  CHECK (status <> 'published' OR published_at IS NOT NULL)
);
-- The dispatcher's question, asked every second: what is due soon?
CREATE INDEX post_targets_due_idx ON post_targets (due_at) WHERE status = 'scheduled';
-- Leases to take over after a crash.
CREATE INDEX post_targets_lease_idx ON post_targets (lease_until) WHERE status = 'publishing';
CREATE INDEX post_targets_post_id_idx ON post_targets (post_id);
CREATE INDEX post_targets_account_id_idx ON post_targets (account_id);
-- The feed and the profile grids: a person's posts by recency, optionally by network or status.
CREATE INDEX post_targets_user_recent_idx ON post_targets (user_id, (coalesce(published_at, scheduled_at)) DESC, id DESC);
CREATE INDEX post_targets_user_status_idx ON post_targets (user_id, status, (coalesce(published_at, scheduled_at)) DESC);

CREATE TABLE publish_attempts (
  id               bigserial PRIMARY KEY,
  target_id        uuid NOT NULL REFERENCES post_targets (id) ON DELETE CASCADE,
  attempt_no       integer NOT NULL,
  worker_id        text NOT NULL,
  started_at       timestamptz NOT NULL,
  finished_at      timestamptz,
  -- What was sent, in summary (lengths and counts, never tokens).
  request_summary  jsonb NOT NULL,
  -- published | duplicate | reconciled | rate_limited | unavailable | outcome_unknown | rejected | auth_expired | missed | error
  outcome          text,
  provider_status  integer,
  provider_response text,
  error_class      text,
  UNIQUE (target_id, attempt_no)
);
