-- Personal API keys (docs/decisions/162-api-keys.md): made by a person for one workspace, acting
-- as that person there with the scopes chosen. Only the key's SHA-256 is kept (the key carries 256
-- random bits, so a slow hash would add nothing); `hint` is its last four characters, to tell keys
-- apart. A revoked key keeps its row, so the list of who made what stays readable in the log.
CREATE TABLE api_keys (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  scopes       text[] NOT NULL CHECK (cardinality(scopes) > 0),
  key_hash     bytea NOT NULL UNIQUE,
  hint         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at   timestamptz
);
CREATE INDEX api_keys_workspace ON api_keys (workspace_id, created_at) WHERE revoked_at IS NULL;
