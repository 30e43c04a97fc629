-- The analytics summary of any range of days, for any person, without reading every post in it.
-- A busy account publishes a thousand posts a day; a month of them was tens of thousands of rows to
-- add up and rank on every new range (decision 096).
--   * post_daily_figures: a person's published posts added up per network and UTC day. Totals and
--     the daily trend of a range add up at most two rows a day. Triggers keep it, so no write path
--     can forget to.
--   * post_targets_daily_rank_idx: a person's published posts of one network and day, best first.
--     The best posts of a range are among the best of each of its days, so ranking reads a few
--     entries a day from the index instead of the whole range. The numbers are included so that
--     the ranking is read from the index alone (an index-only scan needs the plain columns). Only
--     posts with a metrics reading are in it: a post enters at its first sync, so publishing, the
--     hot path, never writes it (with it, spread lateness tripled in `npm run bench -- publish`).
--     The few posts still without a reading are ranked from their days' rows (`read_posts`).

-- The UTC day of an instant: the summary's ranges are whole UTC days.
CREATE FUNCTION utc_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE 'UTC')::date
$$;

-- Engagements per impression, NULL while the reach is unknown or zero; the summary's ranking key.
CREATE FUNCTION post_engagement_rate(likes integer, comments integer, shares integer, impressions integer) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (likes + comments + shares)::double precision / nullif(impressions, 0)
$$;

CREATE INDEX post_targets_daily_rank_idx ON post_targets (
  user_id, network, utc_day(published_at),
  post_engagement_rate(likes_count, comments_count, shares_count, impressions_count) DESC NULLS LAST,
  (likes_count + comments_count + shares_count) DESC, published_at DESC, id DESC
) INCLUDE (likes_count, comments_count, shares_count, impressions_count) WHERE status = 'published' AND metrics_updated_at IS NOT NULL;

CREATE TABLE post_daily_figures (
  user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network           text NOT NULL,
  day               date NOT NULL,
  posts             bigint NOT NULL,
  -- Posts with a metrics reading; the others are ranked without post_targets_daily_rank_idx.
  read_posts        bigint NOT NULL,
  impressions       bigint NOT NULL,
  likes             bigint NOT NULL,
  comments          bigint NOT NULL,
  shares            bigint NOT NULL,
  clicks            bigint NOT NULL,
  -- Engagements and impressions of the posts whose reach is known, for the engagement rate.
  rated_engagements bigint NOT NULL,
  rated_impressions bigint NOT NULL,
  -- The newest metrics reading among the day's posts.
  last_metrics_at   timestamptz,
  PRIMARY KEY (user_id, network, day)
);

-- What one published post adds to its day (sign 1) or takes away from it (sign -1), with its
-- metrics reading's time.
CREATE FUNCTION post_daily_delta(t post_targets, sign integer) RETURNS post_daily_figures LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ROW(
    t.user_id, t.network, utc_day(t.published_at), sign, CASE WHEN t.metrics_updated_at IS NOT NULL THEN sign ELSE 0 END,
    sign * coalesce(t.impressions_count, 0), sign * t.likes_count, sign * t.comments_count, sign * t.shares_count,
    sign * coalesce(t.clicks_count, 0),
    CASE WHEN t.impressions_count > 0 THEN sign * (t.likes_count + t.comments_count + t.shares_count) ELSE 0 END,
    CASE WHEN t.impressions_count > 0 THEN sign * t.impressions_count ELSE 0 END,
    t.metrics_updated_at
  )::post_daily_figures
$$;

-- One day's change added to its row, which the day's first post creates.
CREATE FUNCTION upsert_post_daily_figures(change post_daily_figures) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_daily_figures AS f VALUES (change.*)
  ON CONFLICT (user_id, network, day) DO UPDATE SET
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
$$;

-- Every other change goes through here, a day at a time in sorted order, so two statements lock the
-- same rows in the same order. People deleted in this transaction (the cascade from users) are
-- skipped. A day's newest reading only grows with the posts added; where a post taken away held
-- it, it is read again from the posts that remain (a metrics sync moves a post's reading forward,
-- so it never needs that).
CREATE FUNCTION add_post_daily_figures(deltas post_daily_figures[], taken_away boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM upsert_post_daily_figures(day_change) FROM (
    SELECT ROW(d.user_id, d.network, d.day, sum(d.posts), sum(d.read_posts), sum(d.impressions), sum(d.likes), sum(d.comments), sum(d.shares),
      sum(d.clicks), sum(d.rated_engagements), sum(d.rated_impressions), max(d.last_metrics_at) FILTER (WHERE d.posts > 0)
    )::post_daily_figures AS day_change
    FROM unnest(deltas) d
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
    GROUP BY d.user_id, d.network, d.day
    ORDER BY d.user_id, d.network, d.day
  ) changes;
  IF NOT taken_away THEN
    RETURN;
  END IF;

  DELETE FROM post_daily_figures f
  USING (SELECT DISTINCT user_id, network, day FROM unnest(deltas) WHERE posts < 0) d
  WHERE f.user_id = d.user_id AND f.network = d.network AND f.day = d.day AND f.posts = 0;

  UPDATE post_daily_figures f SET last_metrics_at = (
    SELECT max(t.metrics_updated_at) FROM post_targets t
    WHERE t.user_id = f.user_id AND t.network = f.network AND t.status = 'published' AND utc_day(t.published_at) = f.day
  )
  FROM (SELECT user_id, network, day, max(last_metrics_at) AS newest FROM unnest(deltas) WHERE posts < 0 GROUP BY 1, 2, 3) d
  WHERE f.user_id = d.user_id AND f.network = d.network AND f.day = d.day AND d.newest >= f.last_metrics_at;
END
$$;

CREATE FUNCTION post_targets_daily_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_post_daily_figures(ARRAY(SELECT post_daily_delta(a, 1) FROM added a WHERE a.status = 'published'), false);
  RETURN NULL;
END
$$;

CREATE FUNCTION post_targets_daily_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_post_daily_figures(ARRAY(SELECT post_daily_delta(r, -1) FROM removed r WHERE r.status = 'published'), true);
  RETURN NULL;
END
$$;

CREATE FUNCTION post_targets_daily_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'published' THEN
    -- A post going out, the publishing engine's hot path: one day, nothing taken away.
    PERFORM upsert_post_daily_figures(post_daily_delta(NEW, 1));
  ELSIF NEW.status <> 'published' THEN
    PERFORM add_post_daily_figures(ARRAY[post_daily_delta(OLD, -1)], true);
  ELSE
    PERFORM add_post_daily_figures(ARRAY[post_daily_delta(OLD, -1), post_daily_delta(NEW, 1)], true);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION post_targets_daily_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_daily_figures;
  RETURN NULL;
END
$$;

-- Trigger names sort after post_targets_analytics_*: PostgreSQL fires a table's triggers in name
-- order, so a statement first takes the person's analytics_versions row (0010) and only then their
-- day rows. Two transactions writing one person's posts thus queue on that one row instead of
-- locking day rows in different orders.
CREATE TRIGGER post_targets_daily_insert
  AFTER INSERT ON post_targets REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION post_targets_daily_rows_added();

CREATE TRIGGER post_targets_daily_delete
  AFTER DELETE ON post_targets REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION post_targets_daily_rows_removed();

-- The publishing engine's claims and retries touch none of these columns of a published post.
CREATE TRIGGER post_targets_daily_update
  AFTER UPDATE OF status, user_id, network, published_at, likes_count, comments_count, shares_count, impressions_count,
    clicks_count, metrics_updated_at ON post_targets
  FOR EACH ROW
  WHEN ((OLD.status = 'published' OR NEW.status = 'published') AND (
    OLD.status, OLD.user_id, OLD.network, OLD.published_at, OLD.likes_count, OLD.comments_count, OLD.shares_count,
    OLD.impressions_count, OLD.clicks_count, OLD.metrics_updated_at
  ) IS DISTINCT FROM (
    NEW.status, NEW.user_id, NEW.network, NEW.published_at, NEW.likes_count, NEW.comments_count, NEW.shares_count,
    NEW.impressions_count, NEW.clicks_count, NEW.metrics_updated_at
  ))
  EXECUTE FUNCTION post_targets_daily_row_changed();

CREATE TRIGGER post_targets_daily_truncate
  AFTER TRUNCATE ON post_targets
  FOR EACH STATEMENT EXECUTE FUNCTION post_targets_daily_cleared();

-- Rebuilds every row from the posts: for the posts already there, and for bulk loads that bypass
-- triggers (the API benchmark's seed).
CREATE FUNCTION rebuild_post_daily_figures() RETURNS void LANGUAGE sql AS $$
  DELETE FROM post_daily_figures;
  INSERT INTO post_daily_figures
  SELECT d.user_id, d.network, d.day, count(*), sum(d.read_posts), sum(d.impressions), sum(d.likes), sum(d.comments), sum(d.shares), sum(d.clicks),
    sum(d.rated_engagements), sum(d.rated_impressions), max(d.last_metrics_at)
  FROM post_targets t CROSS JOIN LATERAL post_daily_delta(t, 1) d
  WHERE t.status = 'published'
  GROUP BY 1, 2, 3;
$$;

SELECT rebuild_post_daily_figures();
