-- The analytics summary also shows the audience (the latest follower counts per account) and the
-- latest insights. The counter of 0010 now moves when those change too, so the whole summary can
-- be kept in memory while it stands still. As in 0010, triggers move it so no write path forgets.

CREATE FUNCTION follower_snapshots_analytics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_analytics_versions(ARRAY(SELECT DISTINCT a.user_id FROM changed c JOIN social_accounts a ON a.id = c.account_id));
  RETURN NULL;
END
$$;

CREATE TRIGGER follower_snapshots_analytics_insert
  AFTER INSERT ON follower_snapshots REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION follower_snapshots_analytics_changed();

CREATE TRIGGER follower_snapshots_analytics_update
  AFTER UPDATE ON follower_snapshots REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION follower_snapshots_analytics_changed();

-- Snapshots removed with their account are covered by the account's own trigger below (the join
-- to social_accounts finds nothing once the account is gone).
CREATE TRIGGER follower_snapshots_analytics_delete
  AFTER DELETE ON follower_snapshots REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION follower_snapshots_analytics_changed();

CREATE FUNCTION social_accounts_analytics_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_analytics_versions(ARRAY(SELECT DISTINCT user_id FROM removed));
  RETURN NULL;
END
$$;

CREATE TRIGGER social_accounts_analytics_delete
  AFTER DELETE ON social_accounts REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION social_accounts_analytics_removed();

-- The audience names accounts; refreshing tokens (the frequent update) does not fire this.
CREATE FUNCTION social_accounts_analytics_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_analytics_versions(ARRAY[NEW.user_id]);
  RETURN NULL;
END
$$;

CREATE TRIGGER social_accounts_analytics_rename
  AFTER UPDATE OF display_name, username, network ON social_accounts
  FOR EACH ROW
  WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name OR OLD.username IS DISTINCT FROM NEW.username OR OLD.network IS DISTINCT FROM NEW.network)
  EXECUTE FUNCTION social_accounts_analytics_renamed();

CREATE FUNCTION insights_analytics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_analytics_versions(ARRAY(SELECT DISTINCT user_id FROM changed));
  RETURN NULL;
END
$$;

CREATE TRIGGER insights_analytics_insert
  AFTER INSERT ON insights REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION insights_analytics_changed();

CREATE TRIGGER insights_analytics_update
  AFTER UPDATE ON insights REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION insights_analytics_changed();

CREATE TRIGGER insights_analytics_delete
  AFTER DELETE ON insights REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION insights_analytics_changed();
