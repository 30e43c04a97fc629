-- The plan a person chose on the pricing page, when it is not the instance's default: the operator
-- sees it on the admin page and changes the workspace's plan, which marks it handled
-- (docs/decisions/132-plans-per-workspace.md).
CREATE TABLE plan_requests (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid REFERENCES users (id) ON DELETE SET NULL,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  plan         text NOT NULL CHECK (plan IN ('free', 'pro', 'business', 'enterprise')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  handled_at   timestamptz
);
-- The admin page lists open requests first; a plan change marks its workspace's open ones handled.
CREATE INDEX plan_requests_open_idx ON plan_requests (workspace_id) WHERE handled_at IS NULL;
CREATE INDEX plan_requests_created_at_idx ON plan_requests (created_at DESC);
