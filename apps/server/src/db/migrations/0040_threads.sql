-- X threads and LinkedIn first comments (issue 22; docs/decisions/155-threads.md). Each part of a
-- thread is its own target, with its own attempts, lease and status, so the publishing engine's
-- exactly-once machinery (leases, attempts, reconciling, one row per network post) covers every part
-- unchanged. The first part (or the LinkedIn post) is the thread's head: kind 'post', the row every
-- list, count and figure already shows. Parts 2..n are kind 'part', each answering its parent (the
-- part before it); a first comment is kind 'comment' under the post. Both point at their head.
ALTER TABLE post_targets
  ADD COLUMN kind text NOT NULL DEFAULT 'post' CHECK (kind IN ('post', 'part', 'comment')),
  ADD COLUMN head_target_id uuid REFERENCES post_targets (id) ON DELETE CASCADE,
  ADD COLUMN parent_target_id uuid REFERENCES post_targets (id) ON DELETE CASCADE,
  -- 1 for a head; k for part k of a thread; 1 for a post's first comment.
  ADD COLUMN position integer NOT NULL DEFAULT 1 CHECK (position BETWEEN 1 AND 25),
  -- On a head: some parts went out and a later one failed for good; set and cleared with the parts' statuses.
  ADD COLUMN partially_published boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT post_targets_chain_check CHECK (
    (kind = 'post' AND head_target_id IS NULL AND parent_target_id IS NULL)
    OR (kind <> 'post' AND head_target_id IS NOT NULL AND parent_target_id IS NOT NULL AND NOT partially_published AND NOT queued));

-- 'unsent': a part after one that failed for good, kept with the reason until "Retry from part k".
ALTER TABLE post_targets DROP CONSTRAINT post_targets_status_check;
ALTER TABLE post_targets ADD CONSTRAINT post_targets_status_check
  CHECK (status IN ('scheduled', 'publishing', 'published', 'failed', 'needs_reconnect', 'missed', 'pending_approval', 'rejected', 'unsent'));

-- A head's parts and comment, read with every list page; one part per number, one comment per post.
CREATE UNIQUE INDEX post_targets_chain_position ON post_targets (head_target_id, kind, position) WHERE head_target_id IS NOT NULL;
-- A parent's next part, released in the statement that records the parent published.
CREATE UNIQUE INDEX post_targets_chain_parent ON post_targets (parent_target_id) WHERE parent_target_id IS NOT NULL;

-- A part waits with due_at = 'infinity' until its parent is published: the dispatcher's claim
-- (status 'scheduled' and due soon) cannot take it before, whatever happens to the parent.

-- The feed's kept totals count items: a thread is one, however many parts it has.
CREATE OR REPLACE FUNCTION post_targets_counts_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_post_target_counts(array_agg(workspace_id), array_agg(network), array_agg(post_target_stage(status)), array_agg(1::bigint))
  FROM added WHERE kind = 'post';
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION post_targets_counts_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_post_target_counts(array_agg(r.workspace_id), array_agg(r.network), array_agg(post_target_stage(r.status)), array_agg(-1::bigint))
  FROM removed r WHERE r.kind = 'post' AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = r.workspace_id);
  RETURN NULL;
END
$$;

DROP TRIGGER post_targets_counts_update ON post_targets;
CREATE TRIGGER post_targets_counts_update
  AFTER UPDATE OF status, network, workspace_id ON post_targets
  FOR EACH ROW
  WHEN (NEW.kind = 'post' AND (post_target_stage(OLD.status) <> post_target_stage(NEW.status) OR OLD.network <> NEW.network OR OLD.workspace_id <> NEW.workspace_id))
  EXECUTE FUNCTION post_targets_counts_row_moved();

-- Analytics' daily figures: a thread is one post, and its engagements are every part's, summed.
CREATE OR REPLACE FUNCTION post_daily_delta(t post_targets, sign integer) RETURNS post_daily_figures LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ROW(
    t.workspace_id, t.network, utc_day(t.published_at),
    CASE WHEN t.kind = 'post' THEN sign ELSE 0 END,
    CASE WHEN t.kind = 'post' AND t.metrics_updated_at IS NOT NULL THEN sign ELSE 0 END,
    sign * coalesce(t.impressions_count, 0), sign * t.likes_count, sign * t.comments_count, sign * t.shares_count,
    sign * coalesce(t.clicks_count, 0),
    CASE WHEN t.impressions_count > 0 THEN sign * (t.likes_count + t.comments_count + t.shares_count) ELSE 0 END,
    CASE WHEN t.impressions_count > 0 THEN sign * t.impressions_count ELSE 0 END,
    t.metrics_updated_at
  )::post_daily_figures
$$;

-- The status stream (decision 125) hears part progress: a part's change is reported as its thread's,
-- with the part's own number and status, and a head turning partially published is heard too.
CREATE OR REPLACE FUNCTION post_targets_status_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head_status text;
  head_partial boolean;
BEGIN
  IF NEW.kind = 'post' THEN
    PERFORM pg_notify('postflow_post_status',
      json_build_object('workspaceId', NEW.workspace_id, 'id', NEW.id, 'postId', NEW.post_id,
        'status', CASE WHEN NEW.partially_published THEN 'partially_published' ELSE NEW.status END)::text);
    RETURN NULL;
  END IF;
  SELECT status, partially_published INTO head_status, head_partial FROM post_targets WHERE id = NEW.head_target_id;
  IF head_status IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('postflow_post_status',
    json_build_object('workspaceId', NEW.workspace_id, 'id', NEW.head_target_id, 'postId', NEW.post_id,
      'status', CASE WHEN head_partial THEN 'partially_published' ELSE head_status END,
      'part', json_build_object('id', NEW.id, 'kind', NEW.kind, 'position', NEW.position, 'status', NEW.status))::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER post_targets_partial_notify
  AFTER UPDATE OF partially_published ON post_targets
  FOR EACH ROW
  WHEN (OLD.partially_published <> NEW.partially_published)
  EXECUTE FUNCTION post_targets_status_notify();
