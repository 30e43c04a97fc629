-- Workspaces own what people used to own alone: connected accounts, posts, media, analytics and
-- insights (docs/decisions/128-workspaces.md). Every person has a personal workspace whose id is
-- the person's own id, so the data already here keeps its owner column's values: the column is
-- renamed and points at workspaces instead of users, and nothing is copied or moved.

CREATE TABLE workspaces (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  -- The person whose personal workspace this is; it cannot be deleted or left.
  personal_of      uuid UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  require_approval boolean NOT NULL DEFAULT false,
  plan             text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'business', 'enterprise')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE workspace_members (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role         text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX workspace_members_user_id_idx ON workspace_members (user_id);

INSERT INTO workspaces (id, name, personal_of, plan, created_at)
SELECT id, 'Personal', id, plan, created_at FROM users;
INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
SELECT id, id, 'owner', created_at FROM users;
-- Plans are sold per workspace now.
ALTER TABLE users DROP COLUMN plan;

-- Every person gets a personal workspace the moment they exist, whichever way they signed up.
CREATE FUNCTION users_personal_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspaces (id, name, personal_of, created_at) VALUES (NEW.id, 'Personal', NEW.id, NEW.created_at);
  INSERT INTO workspace_members (workspace_id, user_id, role, created_at) VALUES (NEW.id, NEW.id, 'owner', NEW.created_at);
  RETURN NEW;
END $$;
CREATE TRIGGER users_personal_workspace AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION users_personal_workspace();

-- The owner column of everything a workspace owns.
ALTER TABLE social_accounts DROP CONSTRAINT social_accounts_user_id_fkey;
ALTER TABLE social_accounts RENAME COLUMN user_id TO workspace_id;
ALTER TABLE social_accounts ADD CONSTRAINT social_accounts_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE;
ALTER INDEX social_accounts_user_id_idx RENAME TO social_accounts_workspace_id_idx;

ALTER TABLE media DROP CONSTRAINT media_user_id_fkey;
ALTER TABLE media RENAME COLUMN user_id TO workspace_id;
ALTER TABLE media ADD CONSTRAINT media_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE;
ALTER INDEX media_user_id_idx RENAME TO media_workspace_id_idx;

-- A post also keeps who wrote it: approvals go to others, and its author hears the outcome.
ALTER TABLE posts DROP CONSTRAINT posts_user_id_fkey;
ALTER TABLE posts RENAME COLUMN user_id TO workspace_id;
ALTER TABLE posts ADD CONSTRAINT posts_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE;
ALTER INDEX posts_user_id_idx RENAME TO posts_workspace_id_idx;
ALTER TABLE posts ADD COLUMN created_by uuid REFERENCES users (id) ON DELETE SET NULL;
UPDATE posts SET created_by = workspace_id;

ALTER TABLE post_targets DROP CONSTRAINT post_targets_user_id_fkey;
ALTER TABLE post_targets RENAME COLUMN user_id TO workspace_id;
ALTER TABLE post_targets ADD CONSTRAINT post_targets_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE;
ALTER INDEX post_targets_user_recent_idx RENAME TO post_targets_workspace_recent_idx;
ALTER INDEX post_targets_user_status_idx RENAME TO post_targets_workspace_status_idx;
ALTER INDEX post_targets_user_network_post_key RENAME TO post_targets_workspace_network_post_key;

ALTER TABLE metric_syncs DROP CONSTRAINT metric_syncs_user_id_fkey;
ALTER TABLE metric_syncs RENAME COLUMN user_id TO workspace_id;
ALTER TABLE metric_syncs ADD CONSTRAINT metric_syncs_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE;
ALTER INDEX metric_syncs_user_network_idx RENAME TO metric_syncs_workspace_network_idx;

ALTER TABLE insights DROP CONSTRAINT insights_user_id_fkey;
ALTER TABLE insights RENAME COLUMN user_id TO workspace_id;
ALTER TABLE insights ADD CONSTRAINT insights_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE;
ALTER INDEX insights_user_created_idx RENAME TO insights_workspace_created_idx;
ALTER INDEX insights_user_id_fingerprint_key RENAME TO insights_workspace_id_fingerprint_key;

ALTER TABLE analytics_versions DROP CONSTRAINT analytics_versions_user_id_fkey;
ALTER TABLE analytics_versions RENAME COLUMN user_id TO workspace_id;
ALTER TABLE analytics_versions ADD CONSTRAINT analytics_versions_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE;

ALTER TABLE post_target_counts DROP CONSTRAINT post_target_counts_user_id_fkey;
ALTER TABLE post_target_counts RENAME COLUMN user_id TO workspace_id;
ALTER TABLE post_target_counts ADD CONSTRAINT post_target_counts_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE;

ALTER TABLE post_daily_figures DROP CONSTRAINT post_daily_figures_user_id_fkey;
ALTER TABLE post_daily_figures RENAME COLUMN user_id TO workspace_id;
ALTER TABLE post_daily_figures ADD CONSTRAINT post_daily_figures_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE;

-- A connect flow lands the account in the workspace it was started from.
ALTER TABLE oauth_states ADD COLUMN workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE;
UPDATE oauth_states SET workspace_id = user_id WHERE purpose = 'connect';

-- The functions behind the count, figure, version and status triggers name the owner column in
-- their text, which a rename does not reach; they are the same functions over the new column.
DROP FUNCTION bump_analytics_versions(uuid[]);
CREATE FUNCTION bump_analytics_versions(workspace_ids uuid[])
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO analytics_versions (workspace_id, version)
  SELECT w.id, 1 FROM workspaces w WHERE w.id = ANY (workspace_ids) ORDER BY w.id
  ON CONFLICT (workspace_id) DO UPDATE SET version = analytics_versions.version + 1
$function$
;
CREATE OR REPLACE FUNCTION post_targets_analytics_row_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE analytics_versions SET version = version + 1 WHERE workspace_id = NEW.workspace_id;
  IF NOT FOUND THEN
    PERFORM bump_analytics_versions(ARRAY[NEW.workspace_id]);
  END IF;
  RETURN NULL;
END
$function$
;
CREATE OR REPLACE FUNCTION post_targets_analytics_rows_added()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM bump_analytics_versions(ARRAY(SELECT DISTINCT workspace_id FROM added WHERE status = 'published'));
  RETURN NULL;
END
$function$
;
CREATE OR REPLACE FUNCTION post_targets_analytics_rows_removed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM bump_analytics_versions(ARRAY(SELECT DISTINCT workspace_id FROM removed WHERE status = 'published'));
  RETURN NULL;
END
$function$
;
DROP FUNCTION add_post_target_counts(uuid[], text[], text[], bigint[]);
CREATE FUNCTION add_post_target_counts(workspace_ids uuid[], networks text[], stages text[], deltas bigint[])
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO post_target_counts (workspace_id, network, stage, n)
  SELECT d.workspace_id, d.network, d.stage, sum(d.delta)
  FROM unnest(workspace_ids, networks, stages, deltas) AS d(workspace_id, network, stage, delta)
  GROUP BY 1, 2, 3
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (workspace_id, network, stage) DO UPDATE SET n = post_target_counts.n + EXCLUDED.n
$function$
;
CREATE OR REPLACE FUNCTION post_targets_counts_rows_added()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM add_post_target_counts(array_agg(workspace_id), array_agg(network), array_agg(post_target_stage(status)), array_agg(1::bigint))
  FROM added;
  RETURN NULL;
END
$function$
;
CREATE OR REPLACE FUNCTION post_targets_counts_rows_removed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM add_post_target_counts(array_agg(r.workspace_id), array_agg(r.network), array_agg(post_target_stage(r.status)), array_agg(-1::bigint))
  FROM removed r WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = r.workspace_id);
  RETURN NULL;
END
$function$
;
CREATE OR REPLACE FUNCTION post_targets_counts_row_moved()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  old_stage text := post_target_stage(OLD.status);
  new_stage text := post_target_stage(NEW.status);
  first_stage text;
  first_delta bigint;
BEGIN
  IF OLD.workspace_id IS DISTINCT FROM NEW.workspace_id OR OLD.network IS DISTINCT FROM NEW.network OR old_stage = new_stage THEN
    PERFORM add_post_target_counts(
      ARRAY[OLD.workspace_id, NEW.workspace_id], ARRAY[OLD.network, NEW.network],
      ARRAY[old_stage, new_stage], ARRAY[-1, 1]::bigint[]);
    RETURN NULL;
  END IF;
  IF old_stage < new_stage THEN
    first_stage := old_stage;
    first_delta := -1;
  ELSE
    first_stage := new_stage;
    first_delta := 1;
  END IF;
  INSERT INTO post_target_counts (workspace_id, network, stage, n) VALUES (NEW.workspace_id, NEW.network, first_stage, first_delta)
  ON CONFLICT (workspace_id, network, stage) DO UPDATE SET n = post_target_counts.n + EXCLUDED.n;
  INSERT INTO post_target_counts (workspace_id, network, stage, n)
  VALUES (NEW.workspace_id, NEW.network, CASE WHEN first_stage = old_stage THEN new_stage ELSE old_stage END, -first_delta)
  ON CONFLICT (workspace_id, network, stage) DO UPDATE SET n = post_target_counts.n + EXCLUDED.n;
  RETURN NULL;
END
$function$
;
CREATE OR REPLACE FUNCTION follower_snapshots_analytics_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM bump_analytics_versions(ARRAY(SELECT DISTINCT a.workspace_id FROM changed c JOIN social_accounts a ON a.id = c.account_id));
  RETURN NULL;
END
$function$
;
CREATE OR REPLACE FUNCTION social_accounts_analytics_removed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM bump_analytics_versions(ARRAY(SELECT DISTINCT workspace_id FROM removed));
  RETURN NULL;
END
$function$
;
CREATE OR REPLACE FUNCTION social_accounts_analytics_renamed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM bump_analytics_versions(ARRAY[NEW.workspace_id]);
  RETURN NULL;
END
$function$
;
CREATE OR REPLACE FUNCTION insights_analytics_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM bump_analytics_versions(ARRAY(SELECT DISTINCT workspace_id FROM changed));
  RETURN NULL;
END
$function$
;
CREATE OR REPLACE FUNCTION post_daily_delta(t post_targets, sign integer)
 RETURNS post_daily_figures
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT ROW(
    t.workspace_id, t.network, utc_day(t.published_at), sign, CASE WHEN t.metrics_updated_at IS NOT NULL THEN sign ELSE 0 END,
    sign * coalesce(t.impressions_count, 0), sign * t.likes_count, sign * t.comments_count, sign * t.shares_count,
    sign * coalesce(t.clicks_count, 0),
    CASE WHEN t.impressions_count > 0 THEN sign * (t.likes_count + t.comments_count + t.shares_count) ELSE 0 END,
    CASE WHEN t.impressions_count > 0 THEN sign * t.impressions_count ELSE 0 END,
    t.metrics_updated_at
  )::post_daily_figures
$function$
;
CREATE OR REPLACE FUNCTION upsert_post_daily_figures(change post_daily_figures)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO post_daily_figures AS f VALUES (change.*)
  ON CONFLICT (workspace_id, network, day) DO UPDATE SET
    posts = f.posts + EXCLUDED.posts,
    read_posts = f.read_posts + EXCLUDED.read_posts,
    impressions = f.impressions + EXCLUDED.impressions,
    likes = f.likes + EXCLUDED.likes,
    comments = f.comments + EXCLUDED.comments,
    shares = f.shares + EXCLUDED.shares,
    clicks = f.clicks + EXCLUDED.clicks,
    rated_engagements = f.rated_engagements + EXCLUDED.rated_engagements,
    rated_impressions = f.rated_impressions + EXCLUDED.rated_impressions,
    last_metrics_at = greatest(f.last_metrics_at, EXCLUDED.last_metrics_at);
END
$function$
;
CREATE OR REPLACE FUNCTION add_post_daily_figures(deltas post_daily_figures[], taken_away boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM upsert_post_daily_figures(day_change) FROM (
    SELECT ROW(d.workspace_id, d.network, d.day, sum(d.posts), sum(d.read_posts), sum(d.impressions), sum(d.likes), sum(d.comments), sum(d.shares),
      sum(d.clicks), sum(d.rated_engagements), sum(d.rated_impressions), max(d.last_metrics_at) FILTER (WHERE d.posts > 0)
    )::post_daily_figures AS day_change
    FROM unnest(deltas) d
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = d.workspace_id)
    GROUP BY d.workspace_id, d.network, d.day
    ORDER BY d.workspace_id, d.network, d.day
  ) changes;
  IF NOT taken_away THEN
    RETURN;
  END IF;

  DELETE FROM post_daily_figures f
  USING (SELECT DISTINCT workspace_id, network, day FROM unnest(deltas) WHERE posts < 0) d
  WHERE f.workspace_id = d.workspace_id AND f.network = d.network AND f.day = d.day AND f.posts = 0;

  UPDATE post_daily_figures f SET last_metrics_at = (
    SELECT max(t.metrics_updated_at) FROM post_targets t
    WHERE t.workspace_id = f.workspace_id AND t.network = f.network AND t.status = 'published' AND utc_day(t.published_at) = f.day
  )
  FROM (SELECT workspace_id, network, day, max(last_metrics_at) AS newest FROM unnest(deltas) WHERE posts < 0 GROUP BY 1, 2, 3) d
  WHERE f.workspace_id = d.workspace_id AND f.network = d.network AND f.day = d.day AND d.newest >= f.last_metrics_at;
END
$function$
;
CREATE OR REPLACE FUNCTION rebuild_post_daily_figures()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM post_daily_figures;
  INSERT INTO post_daily_figures
  SELECT d.workspace_id, d.network, d.day, count(*), sum(d.read_posts), sum(d.impressions), sum(d.likes), sum(d.comments), sum(d.shares), sum(d.clicks),
    sum(d.rated_engagements), sum(d.rated_impressions), max(d.last_metrics_at)
  FROM post_targets t CROSS JOIN LATERAL post_daily_delta(t, 1) d
  WHERE t.status = 'published'
  GROUP BY 1, 2, 3;
$function$
;
CREATE OR REPLACE FUNCTION post_targets_status_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('postflow_post_status',
    json_build_object('workspaceId', NEW.workspace_id, 'id', NEW.id, 'postId', NEW.post_id, 'status', NEW.status)::text);
  RETURN NULL;
END
$function$
;
