-- Invitations into a workspace by email (docs/decisions/129-invitations.md). Only the SHA-256 of the
-- link's secret is kept, as for password resets. A row is open until it is accepted or revoked (or,
-- by time, expires); re-inviting an address revokes its open invitation first, so at most one is open.
CREATE TABLE workspace_invitations (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  -- Lower-cased: the invitee proves it by signing in with that address, compared case-insensitively.
  email        text NOT NULL CHECK (email = lower(email)),
  role         text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
  token_hash   bytea NOT NULL UNIQUE,
  invited_by   uuid REFERENCES users (id) ON DELETE SET NULL,
  expires_at   timestamptz NOT NULL,
  accepted_at  timestamptz,
  accepted_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX workspace_invitations_open_idx ON workspace_invitations (workspace_id, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;
