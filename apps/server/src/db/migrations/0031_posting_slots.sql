-- Posting slots and the queue (issue 20, point 4; docs/decisions/143-queue-and-posting-slots.md).
-- Each connected account may have weekly posting times in one time zone; "add to queue" gives a
-- post the account's next free one. The row is also what adding to the queue locks (FOR UPDATE),
-- so two adds for one account take turns and never pick the same slot.
CREATE TABLE account_queues (
  account_id   uuid PRIMARY KEY REFERENCES social_accounts (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  time_zone    text NOT NULL,
  -- The normalized weekly times: [{ "day": "mon", "time": "09:00" }, …], sorted, without repeats.
  slots        jsonb NOT NULL DEFAULT '[]'::jsonb,
  paused       boolean NOT NULL DEFAULT false,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_queues_workspace ON account_queues (workspace_id);

-- A target the queue placed in a slot. Edits that set a time by hand clear it.
ALTER TABLE post_targets ADD COLUMN queued boolean NOT NULL DEFAULT false;

-- The last line of defence behind the lock: two live queued targets of one account never share an
-- instant. Failed, missed and rejected ones no longer hold their slot.
CREATE UNIQUE INDEX post_targets_queue_slot ON post_targets (account_id, scheduled_at)
  WHERE queued AND status IN ('scheduled', 'pending_approval', 'publishing', 'published');

-- Which slots are taken: an account's live targets from now on.
CREATE INDEX post_targets_account_upcoming ON post_targets (account_id, scheduled_at)
  WHERE status IN ('scheduled', 'pending_approval', 'publishing', 'published');
