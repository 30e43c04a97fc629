-- Approvals (issue 19, point 3; decision 130). In a workspace that requires approval an editor's post
-- waits as `pending_approval` until an owner or admin approves it (it then becomes `scheduled`, or
-- `missed` when its time is long gone) or rejects it (`rejected`, the reason in `failure_reason`).
-- Neither state is ever claimed: the dispatcher and the backstop only take `scheduled` targets.
ALTER TABLE post_targets DROP CONSTRAINT post_targets_status_check;
ALTER TABLE post_targets ADD CONSTRAINT post_targets_status_check
  CHECK (status IN ('scheduled', 'publishing', 'published', 'failed', 'needs_reconnect', 'missed', 'pending_approval', 'rejected'));

-- Each new state is its own stage, so that the feed's "Pending approval" total is read from the kept
-- counts, and so that every move into or out of them (submitted, approved, rejected, sent back by an
-- edit) changes stage and is heard by the status stream's trigger (migration 0021), whose condition
-- is a change of stage.
ALTER TABLE post_target_counts DROP CONSTRAINT post_target_counts_stage_check;
ALTER TABLE post_target_counts ADD CONSTRAINT post_target_counts_stage_check
  CHECK (stage IN ('waiting', 'published', 'ended', 'approval', 'rejected'));

CREATE OR REPLACE FUNCTION post_target_stage(status text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN status IN ('scheduled', 'publishing') THEN 'waiting'
    WHEN status = 'published' THEN 'published'
    WHEN status = 'pending_approval' THEN 'approval'
    WHEN status = 'rejected' THEN 'rejected'
    ELSE 'ended'
  END
$$;
