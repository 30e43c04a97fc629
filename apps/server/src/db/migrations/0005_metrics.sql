-- What the networks report about published posts and accounts, kept as time series.

-- Every reading of a post's numbers. Never overwritten: the history is what insights learn from.
-- The same reading twice (same target, same capture instant) is stored once.
CREATE TABLE metric_snapshots (
  target_id   uuid NOT NULL REFERENCES post_targets (id) ON DELETE CASCADE,
  captured_at timestamptz NOT NULL,
  impressions integer,
  likes       integer NOT NULL,
  comments    integer NOT NULL,
  shares      integer NOT NULL,
  clicks      integer,
  PRIMARY KEY (target_id, captured_at)
);

-- The latest reading, kept on the target so the feed and dashboard read one row per post.
ALTER TABLE post_targets
  ADD COLUMN impressions_count  integer,
  ADD COLUMN likes_count        integer NOT NULL DEFAULT 0,
  ADD COLUMN comments_count     integer NOT NULL DEFAULT 0,
  ADD COLUMN shares_count       integer NOT NULL DEFAULT 0,
  ADD COLUMN clicks_count       integer,
  ADD COLUMN metrics_updated_at timestamptz;

-- Followers per account per day (the last reading of the day wins).
CREATE TABLE follower_snapshots (
  account_id      uuid NOT NULL REFERENCES social_accounts (id) ON DELETE CASCADE,
  -- Empty for the member's own followers; a LinkedIn organisation id for a page's.
  organization_id text NOT NULL DEFAULT '',
  day             date NOT NULL,
  followers       integer NOT NULL,
  captured_at     timestamptz NOT NULL,
  PRIMARY KEY (account_id, organization_id, day)
);

-- Each metrics sync: recurring (age-banded) or asked for from the Analytics page.
CREATE TABLE metric_syncs (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id    uuid REFERENCES social_accounts (id) ON DELETE SET NULL,
  network       text NOT NULL CHECK (network IN ('x', 'linkedin')),
  sync_type     text NOT NULL,
  trigger       text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  status        text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  posts_synced  integer NOT NULL DEFAULT 0,
  error         text,
  requested_at  timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);
CREATE INDEX metric_syncs_user_network_idx ON metric_syncs (user_id, network, requested_at DESC);

-- Insights drawn from the statistics of a person's own posts.
CREATE TABLE insights (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  platform         text NOT NULL CHECK (platform IN ('all', 'x', 'linkedin')),
  insight_type     text NOT NULL CHECK (insight_type IN ('content_optimization', 'posting_time', 'hashtag_strategy',
                     'audience_engagement', 'content_strategy', 'competitor_analysis', 'trend_analysis')),
  title            text NOT NULL,
  description      text NOT NULL,
  recommendation   text NOT NULL,
  priority         text NOT NULL CHECK (priority IN ('high', 'medium', 'low')),
  confidence_score numeric(4, 3) NOT NULL CHECK (confidence_score BETWEEN 0 AND 1),
  -- The figures behind the words (sample sizes, rates, effect), for display and audit.
  evidence         jsonb NOT NULL,
  -- Same finding, same key: regenerating refreshes an insight instead of piling up copies.
  fingerprint      text NOT NULL,
  is_read          boolean NOT NULL DEFAULT false,
  is_applied       boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, fingerprint)
);
CREATE INDEX insights_user_created_idx ON insights (user_id, created_at DESC);

-- Feature requests (the PRO prompt) and other feedback from signed-in people.
CREATE TABLE feedback (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  type       text NOT NULL,
  title      text NOT NULL,
  content    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
