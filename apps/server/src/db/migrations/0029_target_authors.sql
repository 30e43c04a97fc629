-- Who wrote a post, on each of its targets as well: the feed names the author of each row it
-- pages through, and reaching `posts` for it made the feed's statement half again as costly under
-- load (docs/benchmarks.md, api; docs/decisions/128-workspaces.md). Copied from the post when a
-- target is made; a post's author never changes.
ALTER TABLE post_targets ADD COLUMN created_by uuid REFERENCES users (id) ON DELETE SET NULL;
UPDATE post_targets t SET created_by = p.created_by FROM posts p WHERE p.id = t.post_id AND p.created_by IS NOT NULL;
