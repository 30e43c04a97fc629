-- A post going out (status 'publishing' -> 'published') fires two row triggers that went through
-- functions written for many rows at once: an unnest, a GROUP BY and a sort for two count rows, and
-- a join with users for one version row. They took over half of the statement that records a
-- publish (docs/decisions/121-cheaper-publishing.md). For one row they now write their rows
-- directly; what they write, and the order in which they lock rows, is unchanged.

-- One person's counts on one network, the usual move: its two rows in the order
-- add_post_target_counts locks them (by stage); anything else goes through it as before.
CREATE OR REPLACE FUNCTION post_targets_counts_row_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_stage text := post_target_stage(OLD.status);
  new_stage text := post_target_stage(NEW.status);
  first_stage text;
  first_delta bigint;
BEGIN
  IF OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.network IS DISTINCT FROM NEW.network OR old_stage = new_stage THEN
    PERFORM add_post_target_counts(
      ARRAY[OLD.user_id, NEW.user_id], ARRAY[OLD.network, NEW.network],
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
  INSERT INTO post_target_counts (user_id, network, stage, n) VALUES (NEW.user_id, NEW.network, first_stage, first_delta)
  ON CONFLICT (user_id, network, stage) DO UPDATE SET n = post_target_counts.n + EXCLUDED.n;
  INSERT INTO post_target_counts (user_id, network, stage, n)
  VALUES (NEW.user_id, NEW.network, CASE WHEN first_stage = old_stage THEN new_stage ELSE old_stage END, -first_delta)
  ON CONFLICT (user_id, network, stage) DO UPDATE SET n = post_target_counts.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

-- The person's version row moves on; only a person without one yet (or deleted in this
-- transaction) goes through bump_analytics_versions.
CREATE OR REPLACE FUNCTION post_targets_analytics_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_versions SET version = version + 1 WHERE user_id = NEW.user_id;
  IF NOT FOUND THEN
    PERFORM bump_analytics_versions(ARRAY[NEW.user_id]);
  END IF;
  RETURN NULL;
END
$$;
