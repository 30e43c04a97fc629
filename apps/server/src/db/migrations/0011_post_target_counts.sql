-- How many posts each person has, per network and per stage, for the feed's "N posts total" and the
-- dashboard's upcoming count: a handful of rows per person instead of a scan of their history.
-- Triggers keep it, so no write path can forget to. The stages are the feed's status filters:
-- claiming and leasing (scheduled <-> publishing) stay within 'waiting' and never touch these rows,
-- which keeps them off the publishing engine's hot path.
CREATE FUNCTION post_target_stage(status text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status IN ('scheduled', 'publishing') THEN 'waiting' WHEN status = 'published' THEN 'published' ELSE 'ended' END
$$;

CREATE TABLE post_target_counts (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network text NOT NULL,
  stage   text NOT NULL CHECK (stage IN ('waiting', 'published', 'ended')),
  n       bigint NOT NULL,
  PRIMARY KEY (user_id, network, stage)
);

INSERT INTO post_target_counts (user_id, network, stage, n)
SELECT user_id, network, post_target_stage(status), count(*) FROM post_targets GROUP BY 1, 2, 3;

-- Every change goes through here, sorted, so two statements lock the same rows in the same order.
CREATE FUNCTION add_post_target_counts(user_ids uuid[], networks text[], stages text[], deltas bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO post_target_counts (user_id, network, stage, n)
  SELECT d.user_id, d.network, d.stage, sum(d.delta)
  FROM unnest(user_ids, networks, stages, deltas) AS d(user_id, network, stage, delta)
  GROUP BY 1, 2, 3
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (user_id, network, stage) DO UPDATE SET n = post_target_counts.n + EXCLUDED.n
$$;

CREATE FUNCTION post_targets_counts_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_post_target_counts(array_agg(user_id), array_agg(network), array_agg(post_target_stage(status)), array_agg(1::bigint))
  FROM added;
  RETURN NULL;
END
$$;

-- A person deleted in this statement (the cascade from users) has no rows left to move.
CREATE FUNCTION post_targets_counts_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_post_target_counts(array_agg(r.user_id), array_agg(r.network), array_agg(post_target_stage(r.status)), array_agg(-1::bigint))
  FROM removed r WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id);
  RETURN NULL;
END
$$;

CREATE FUNCTION post_targets_counts_row_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_post_target_counts(
    ARRAY[OLD.user_id, NEW.user_id], ARRAY[OLD.network, NEW.network],
    ARRAY[post_target_stage(OLD.status), post_target_stage(NEW.status)], ARRAY[-1, 1]::bigint[]);
  RETURN NULL;
END
$$;

CREATE FUNCTION post_targets_counts_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_target_counts;
  RETURN NULL;
END
$$;

CREATE TRIGGER post_targets_counts_insert
  AFTER INSERT ON post_targets REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION post_targets_counts_rows_added();

CREATE TRIGGER post_targets_counts_delete
  AFTER DELETE ON post_targets REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION post_targets_counts_rows_removed();

-- Only a change of stage, network or owner moves a post between rows.
CREATE TRIGGER post_targets_counts_update
  AFTER UPDATE OF status, network, user_id ON post_targets
  FOR EACH ROW
  WHEN (post_target_stage(OLD.status) <> post_target_stage(NEW.status) OR OLD.network <> NEW.network OR OLD.user_id <> NEW.user_id)
  EXECUTE FUNCTION post_targets_counts_row_moved();

CREATE TRIGGER post_targets_counts_truncate
  AFTER TRUNCATE ON post_targets
  FOR EACH STATEMENT EXECUTE FUNCTION post_targets_counts_cleared();
