-- Short-lived records of the OAuth round trips to X and LinkedIn.

-- One per consent page opened. Single use (deleted when the network sends the person back), bound
-- to the browser that started it through the digest of an httpOnly cookie.
CREATE TABLE oauth_states (
  state_hash          bytea PRIMARY KEY,
  network             text NOT NULL CHECK (network IN ('x', 'linkedin')),
  purpose             text NOT NULL CHECK (purpose IN ('login', 'connect')),
  user_id             uuid REFERENCES users (id) ON DELETE CASCADE,
  code_verifier_enc   bytea NOT NULL,
  browser_binding     bytea NOT NULL,
  expires_at          timestamptz NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (purpose = 'login' OR user_id IS NOT NULL)
);
CREATE INDEX oauth_states_expires_at_idx ON oauth_states (expires_at);

-- After a social sign-in, the browser holds a ticket (httpOnly cookie) that the callback page
-- trades once, within two minutes, for a session: no long-lived secret ever travels in a URL.
CREATE TABLE login_tickets (
  ticket_hash bytea PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network     text NOT NULL CHECK (network IN ('x', 'linkedin')),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- The smallest "days left" threshold (14, 7, 2, 1) we already warned the owner about, so each
-- warning is sent once per grant. Reset when the account reconnects.
ALTER TABLE social_accounts ADD COLUMN expiry_warning_days integer;
