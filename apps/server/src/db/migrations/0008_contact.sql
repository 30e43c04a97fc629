-- Messages sent with the public contact form (docs/product.md, Public site · Contact). Kept even when they are
-- also mailed to SUPPORT_EMAIL, so an instance without mail still has them.
CREATE TABLE contact_messages (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type       text NOT NULL DEFAULT 'CONTACT' CHECK (type IN ('CONTACT')),
  name       text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  email      text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  title      text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  content    text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 5000),
  -- The copy in the mail outbox, when SUPPORT_EMAIL was set at the time.
  email_id   uuid REFERENCES emails (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at DESC);
