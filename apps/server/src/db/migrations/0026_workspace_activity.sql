-- The activity log of a workspace (docs/decisions/131-activity-log.md): who did what, and when.
-- Written by the service that makes the change, in the same transaction (or statement), so the
-- log never claims what did not happen and nothing happens unlogged. The subject's words (a post's
-- opening, an account's handle) are kept in `summary` as they were, so an entry still reads well
-- once its post or account is gone; hence no foreign key on the subject.
CREATE TABLE workspace_activity (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  -- The person who acted; null for Postflow itself (the publisher), or a person since deleted.
  actor_id     uuid REFERENCES users (id) ON DELETE SET NULL,
  action       text NOT NULL,
  subject_type text NOT NULL,
  subject_id   uuid,
  summary      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Pages go newest first by (created_at, id), the keyset the API hands back as `nextBefore`.
CREATE INDEX workspace_activity_page ON workspace_activity (workspace_id, created_at DESC, id DESC);
