-- A network post is one target per person, however often its account is disconnected and
-- connected again (docs/decisions/114-network-post-once-per-person.md); and a target whose outcome
-- cannot be recorded stops after a few tries (docs/decisions/115-duplicate-refusals.md).

-- Which network account a target belongs to, kept when that account is disconnected (account_id
-- becomes NULL), so connecting the same account again finds its posts and attaches them.
ALTER TABLE post_targets ADD COLUMN account_network_user_id text;
UPDATE post_targets t SET account_network_user_id = a.network_user_id FROM social_accounts a WHERE a.id = t.account_id;

CREATE FUNCTION post_targets_remember_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.account_id IS NOT NULL THEN
    SELECT network_user_id INTO NEW.account_network_user_id FROM social_accounts WHERE id = NEW.account_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER post_targets_remember_account
  BEFORE INSERT OR UPDATE OF account_id ON post_targets
  FOR EACH ROW EXECUTE FUNCTION post_targets_remember_account();

-- Copies made by earlier reconnects: per (person, network, network post id), keep the target with the
-- most behind it (sent through Postflow rather than imported, then the most metric readings, then
-- attached to an account), give it the copies' readings and account, and delete the copies and
-- the posts they leave empty.
CREATE TEMPORARY TABLE network_post_copies ON COMMIT DROP AS
WITH ranked AS (
  SELECT t.id, t.post_id, t.account_id,
    first_value(t.id) OVER (
      PARTITION BY t.user_id, t.network, t.network_post_id
      ORDER BY t.imported, (SELECT count(*) FROM metric_snapshots s WHERE s.target_id = t.id) DESC,
        (t.account_id IS NULL), t.created_at, t.id
    ) AS keeper
  FROM post_targets t
  WHERE t.network_post_id IS NOT NULL
)
SELECT id AS copy, post_id AS copy_post, account_id AS copy_account, keeper FROM ranked WHERE id <> keeper;

INSERT INTO metric_snapshots (target_id, captured_at, impressions, likes, comments, shares, clicks)
SELECT c.keeper, s.captured_at, s.impressions, s.likes, s.comments, s.shares, s.clicks
FROM metric_snapshots s JOIN network_post_copies c ON c.copy = s.target_id
ON CONFLICT (target_id, captured_at) DO NOTHING;

DELETE FROM post_targets WHERE id IN (SELECT copy FROM network_post_copies);
DELETE FROM posts p
WHERE p.id IN (SELECT copy_post FROM network_post_copies) AND NOT EXISTS (SELECT 1 FROM post_targets t WHERE t.post_id = p.id);

UPDATE post_targets k SET account_id = c.copy_account
FROM (SELECT DISTINCT ON (keeper) keeper, copy_account FROM network_post_copies WHERE copy_account IS NOT NULL) c
WHERE k.id = c.keeper AND k.account_id IS NULL;

UPDATE post_targets k SET impressions_count = s.impressions, likes_count = s.likes, comments_count = s.comments,
  shares_count = s.shares, clicks_count = s.clicks, metrics_updated_at = s.captured_at
FROM (
  SELECT DISTINCT ON (target_id) * FROM metric_snapshots
  WHERE target_id IN (SELECT keeper FROM network_post_copies)
  ORDER BY target_id, captured_at DESC
) s
WHERE k.id = s.target_id AND (k.metrics_updated_at IS NULL OR k.metrics_updated_at < s.captured_at);

DROP INDEX post_targets_account_network_post_key;
CREATE UNIQUE INDEX post_targets_user_network_post_key ON post_targets (user_id, network, network_post_id)
  WHERE network_post_id IS NOT NULL;
-- Re-attaching a disconnected account's targets looks them up by the person and the account.
CREATE INDEX post_targets_detached_idx ON post_targets (user_id, network, account_network_user_id) WHERE account_id IS NULL;

-- Failures to record an attempt's outcome (a database refusal, a bug): after a few, the target
-- fails with a reason instead of being retried for ever.
ALTER TABLE post_targets ADD COLUMN outcome_errors integer NOT NULL DEFAULT 0;
