-- A counter per person that moves whenever their published posts change: published, edited,
-- deleted, imported, or given new numbers by a metrics sync. The analytics figures are kept in
-- memory while it stands still. Triggers move it, so no write path can forget to.
CREATE TABLE analytics_versions (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  version bigint NOT NULL
);

-- Sorted, so two statements touching the same people lock their rows in the same order. A person
-- deleted in this transaction is no longer in `users` and is skipped.
CREATE FUNCTION bump_analytics_versions(user_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_versions (user_id, version)
  SELECT u.id, 1 FROM users u WHERE u.id = ANY (user_ids) ORDER BY u.id
  ON CONFLICT (user_id) DO UPDATE SET version = analytics_versions.version + 1
$$;

CREATE FUNCTION post_targets_analytics_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_analytics_versions(ARRAY[NEW.user_id]);
  RETURN NULL;
END
$$;

CREATE FUNCTION post_targets_analytics_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_analytics_versions(ARRAY(SELECT DISTINCT user_id FROM added WHERE status = 'published'));
  RETURN NULL;
END
$$;

CREATE FUNCTION post_targets_analytics_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_analytics_versions(ARRAY(SELECT DISTINCT user_id FROM removed WHERE status = 'published'));
  RETURN NULL;
END
$$;

-- Only a published post's figures count; claiming, leasing and retrying a scheduled one do not
-- fire this (those are the publishing engine's hot path).
CREATE TRIGGER post_targets_analytics_update
  AFTER UPDATE OF status, published_at, network, text, network_post_url, likes_count, comments_count, shares_count,
    impressions_count, clicks_count, metrics_updated_at ON post_targets
  FOR EACH ROW
  WHEN ((OLD.status = 'published' OR NEW.status = 'published') AND OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION post_targets_analytics_row_changed();

CREATE TRIGGER post_targets_analytics_insert
  AFTER INSERT ON post_targets REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION post_targets_analytics_rows_added();

CREATE TRIGGER post_targets_analytics_delete
  AFTER DELETE ON post_targets REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION post_targets_analytics_rows_removed();
