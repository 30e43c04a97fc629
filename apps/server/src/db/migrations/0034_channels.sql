-- Channels (docs/decisions/146-channels.md): one place a post can go, with an id that stays the
-- same while the workspace keeps it: an X account, a LinkedIn member, or a LinkedIn page a
-- connected member administers. A person channel is kept by a trigger on social_accounts, so every
-- way an account is stored gets one; page channels are written by the app when it reads the
-- member's pages from LinkedIn.
CREATE TABLE channels (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  network      text NOT NULL CHECK (network IN ('x', 'linkedin')),
  kind         text NOT NULL CHECK (kind IN ('person', 'organization')),
  is_sandbox   boolean NOT NULL,
  -- The X user id or LinkedIn member id of a person; the LinkedIn organization id of a page.
  external_id  text NOT NULL,
  -- The connected account posts go through. Null once it is disconnected (or, for a page, once no
  -- connected member administers it): the channel is no longer offered, its posts keep it, and
  -- connecting the same account again brings the same channel back.
  account_id   uuid REFERENCES social_accounts (id) ON DELETE SET NULL,
  name         text NOT NULL,
  handle       text,
  avatar_url   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'person' OR network = 'linkedin'),
  UNIQUE (workspace_id, network, is_sandbox, kind, external_id)
);
CREATE UNIQUE INDEX channels_person_account ON channels (account_id) WHERE kind = 'person';
CREATE INDEX channels_account_id_idx ON channels (account_id);

-- When the member's pages were last read from LinkedIn: GET /api/v1/channels reads them again
-- after an hour, so a page the member stopped administering stops being offered.
ALTER TABLE social_accounts ADD COLUMN pages_read_at timestamptz;

CREATE FUNCTION social_accounts_person_channel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An account that moved to another workspace leaves its old channel there, as history.
  UPDATE channels SET account_id = NULL, updated_at = now()
   WHERE account_id = NEW.id AND kind = 'person' AND workspace_id <> NEW.workspace_id;
  INSERT INTO channels (workspace_id, network, kind, is_sandbox, external_id, account_id, name, handle, avatar_url)
  VALUES (NEW.workspace_id, NEW.network, 'person', NEW.is_sandbox, NEW.network_user_id, NEW.id,
          coalesce(nullif(NEW.display_name, ''), NEW.username, CASE NEW.network WHEN 'x' THEN 'X account' ELSE 'LinkedIn member' END),
          NEW.username, NEW.avatar_url)
  ON CONFLICT (workspace_id, network, is_sandbox, kind, external_id) DO UPDATE
    SET account_id = EXCLUDED.account_id, name = EXCLUDED.name, handle = EXCLUDED.handle,
        avatar_url = EXCLUDED.avatar_url, updated_at = now();
  RETURN NULL;
END $$;
CREATE TRIGGER social_accounts_person_channel
  AFTER INSERT OR UPDATE OF workspace_id, username, display_name, avatar_url ON social_accounts
  FOR EACH ROW EXECUTE FUNCTION social_accounts_person_channel();

-- The accounts already connected get their person channels.
INSERT INTO channels (workspace_id, network, kind, is_sandbox, external_id, account_id, name, handle, avatar_url, created_at)
SELECT workspace_id, network, 'person', is_sandbox, network_user_id, id,
       coalesce(nullif(display_name, ''), username, CASE network WHEN 'x' THEN 'X account' ELSE 'LinkedIn member' END),
       username, avatar_url, created_at
  FROM social_accounts;

-- The pages already posted to, named as their newest post names them; the next read of the
-- member's pages corrects the name and detaches the pages the member no longer administers.
INSERT INTO channels (workspace_id, network, kind, is_sandbox, external_id, account_id, name, handle, avatar_url)
SELECT DISTINCT ON (t.workspace_id, a.is_sandbox, t.linkedin_org_id)
       t.workspace_id, 'linkedin', 'organization', a.is_sandbox, t.linkedin_org_id, a.id,
       coalesce(nullif(t.author_name, ''), 'LinkedIn page'), t.author_handle, t.author_avatar_url
  FROM post_targets t JOIN social_accounts a ON a.id = t.account_id
 WHERE t.linkedin_org_id IS NOT NULL AND t.network = 'linkedin'
 ORDER BY t.workspace_id, a.is_sandbox, t.linkedin_org_id, t.created_at DESC;

-- Each target records the channel it goes (or went) to; the feed, calendar, queue and analytics
-- filter by it. Kept when the channel's account is disconnected, as the target's author is.
ALTER TABLE post_targets ADD COLUMN channel_id uuid REFERENCES channels (id) ON DELETE SET NULL;

UPDATE post_targets t SET channel_id = c.id
  FROM channels c
 WHERE t.linkedin_org_id IS NULL AND c.kind = 'person' AND c.account_id = t.account_id;
UPDATE post_targets t SET channel_id = c.id
  FROM social_accounts a, channels c
 WHERE t.linkedin_org_id IS NOT NULL AND a.id = t.account_id
   AND c.workspace_id = t.workspace_id AND c.network = 'linkedin' AND c.kind = 'organization'
   AND c.is_sandbox = a.is_sandbox AND c.external_id = t.linkedin_org_id;
-- Targets whose account was disconnected before this migration keep no channel: nothing left
-- says which network account they went through. They still show who they went out as (migration 0020).

CREATE INDEX post_targets_channel_recent_idx ON post_targets (channel_id, (coalesce(published_at, scheduled_at)) DESC, id DESC)
  WHERE channel_id IS NOT NULL;

-- A target composed without a channel (by network, by the bulk import, or moved to another
-- account by an edit) records the channel its account and page make.
CREATE FUNCTION post_targets_channel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.channel_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE'
     AND NEW.account_id IS NOT DISTINCT FROM OLD.account_id
     AND NEW.linkedin_org_id IS NOT DISTINCT FROM OLD.linkedin_org_id THEN
    RETURN NEW;
  END IF;
  -- A disconnect clears the account: the target keeps the channel it went to.
  IF NEW.account_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF NEW.linkedin_org_id IS NULL THEN
    SELECT id INTO NEW.channel_id FROM channels WHERE account_id = NEW.account_id AND kind = 'person';
  ELSE
    SELECT c.id INTO NEW.channel_id
      FROM social_accounts a JOIN channels c
        ON c.workspace_id = NEW.workspace_id AND c.network = 'linkedin' AND c.kind = 'organization'
       AND c.is_sandbox = a.is_sandbox AND c.external_id = NEW.linkedin_org_id
     WHERE a.id = NEW.account_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER post_targets_channel
  BEFORE INSERT OR UPDATE OF account_id, linkedin_org_id ON post_targets
  FOR EACH ROW EXECUTE FUNCTION post_targets_channel();

-- Drafts keep the chosen channels and each channel's own text: { "<channel id>": "…" }.
ALTER TABLE drafts
  ADD COLUMN channel_ids uuid[] NOT NULL DEFAULT '{}',
  ADD COLUMN per_channel jsonb NOT NULL DEFAULT '{}'::jsonb;
