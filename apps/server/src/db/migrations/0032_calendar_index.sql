-- The calendar (docs/decisions/142-calendar.md) counts each day's posts of a workspace and lists its
-- first few, by the calendar's time coalesce(published_at, scheduled_at) and filtered by network or
-- account. The feed's index on the same time (0004, renamed in 0023) is an expression index without
-- its columns, so PostgreSQL cannot count from it alone and reads every post of the month from the
-- table; this one carries what the count needs, so a day's count is an index-only scan.
CREATE INDEX post_targets_calendar_idx ON post_targets (workspace_id, (coalesce(published_at, scheduled_at)), id)
  INCLUDE (published_at, scheduled_at, network, account_id);
