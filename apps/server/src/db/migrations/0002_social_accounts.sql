-- Social accounts connected for publishing, and the network identities people sign in with.

-- A network identity belongs to one Postflow user. It outlives a disconnect, so "Continue with X"
-- still finds the same person after they removed X from publishing.
CREATE TABLE user_identities (
  network         text NOT NULL CHECK (network IN ('x', 'linkedin')),
  network_user_id text NOT NULL,
  is_sandbox      boolean NOT NULL,
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, is_sandbox, network_user_id)
);
CREATE INDEX user_identities_user_id_idx ON user_identities (user_id);

CREATE TABLE social_accounts (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id            uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network            text NOT NULL CHECK (network IN ('x', 'linkedin')),
  network_user_id    text NOT NULL,
  is_sandbox         boolean NOT NULL,
  username           text,
  display_name       text,
  avatar_url         text,
  -- AES-256-GCM ciphertexts (lib/secret-box.ts), bound to the account id.
  access_token_enc   bytea NOT NULL,
  refresh_token_enc  bytea,
  access_expires_at  timestamptz,
  refresh_expires_at timestamptz,
  scopes             text[] NOT NULL DEFAULT '{}',
  status             text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'needs_reconnect')),
  status_reason      text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  -- One Postflow user per network account, so a post can never go out twice through two owners.
  UNIQUE (network, is_sandbox, network_user_id)
);
CREATE INDEX social_accounts_user_id_idx ON social_accounts (user_id);
