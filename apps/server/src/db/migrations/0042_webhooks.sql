-- Signed webhooks (docs/decisions/163-webhooks.md, docs/webhooks.md): a workspace's endpoints, the
-- outbox of events waiting to be fanned out to them, and one delivery per event and endpoint.

CREATE TABLE webhooks (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id          uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  url                   text NOT NULL,
  description           text NOT NULL DEFAULT '',
  events                text[] NOT NULL,
  enabled               boolean NOT NULL DEFAULT true,
  -- Why Postflow turned it off (410 Gone, a day of failures); null when a person did, or it is on.
  disabled_reason       text,
  -- The whsec_ signing secret, sealed like the networks' tokens (lib/secret-box.ts): it must be read back to sign.
  secret                bytea NOT NULL,
  -- After a rotation the old secret signs too until `previous_secret_until`, so receivers can switch without a gap.
  previous_secret       bytea,
  previous_secret_until timestamptz,
  created_by            uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_workspace_idx ON webhooks (workspace_id, created_at);

-- The outbox: an event is written by a trigger in the transaction that makes the change, so a crash
-- can never keep the change and lose the event. `dispatched_at` is set when the fan-out job has
-- written its deliveries.
CREATE TABLE webhook_events (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  type          text NOT NULL,
  data          jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  dispatched_at timestamptz
);
CREATE INDEX webhook_events_pending_idx ON webhook_events (created_at) WHERE dispatched_at IS NULL;

CREATE TABLE webhook_deliveries (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  webhook_id            uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  -- Null for a test ping, which belongs to no event.
  event_id              uuid REFERENCES webhook_events (id) ON DELETE SET NULL,
  -- The `webhook-id` header: the same on every retry and redelivery, so receivers can drop repeats.
  message_id            text NOT NULL UNIQUE,
  type                  text NOT NULL,
  -- The exact body sent, so every attempt signs and sends the same bytes.
  body                  text NOT NULL,
  status                text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts              integer NOT NULL DEFAULT 0,
  -- Retries stop a day (WEBHOOK_RETRY_WINDOW) after this; a manual redelivery starts it again.
  window_started_at     timestamptz NOT NULL DEFAULT now(),
  next_attempt_at       timestamptz,
  last_attempt_at       timestamptz,
  last_status           integer,
  last_error            text,
  last_response_excerpt text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, created_at DESC, id DESC);

-- Records an event when some enabled endpoint of the workspace listens for it: nothing piles up in
-- workspaces without webhooks.
CREATE FUNCTION webhook_event_record(workspace uuid, event_type text, payload jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhooks WHERE workspace_id = workspace AND enabled AND event_type = ANY (events)) THEN
    INSERT INTO webhook_events (workspace_id, type, data) VALUES (workspace, event_type, payload);
  END IF;
END
$$;

-- A post (the id /content/:id takes) as events describe it.
CREATE FUNCTION webhook_post_data(t post_targets) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'postId', t.id,
    'network', t.network,
    'channel', (SELECT jsonb_build_object('id', c.id, 'name', c.name, 'handle', c.handle) FROM channels c WHERE c.id = t.channel_id),
    'url', t.network_post_url,
    'scheduledAt', t.scheduled_at,
    'publishedAt', t.published_at,
    'reason', t.failure_reason)
$$;

-- A trigger rather than each caller, like the status stream's (migration 0021): every path that
-- changes a post (the publisher, the missed sweep, approvals, threads) is heard, in its transaction.
CREATE FUNCTION post_targets_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_event_record(NEW.workspace_id, 'approval.requested', webhook_post_data(NEW) || jsonb_build_object('text', NEW.text));
    RETURN NULL;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    CASE NEW.status
      WHEN 'published' THEN PERFORM webhook_event_record(NEW.workspace_id, 'post.published', webhook_post_data(NEW));
      WHEN 'failed', 'needs_reconnect' THEN PERFORM webhook_event_record(NEW.workspace_id, 'post.failed', webhook_post_data(NEW));
      WHEN 'missed' THEN PERFORM webhook_event_record(NEW.workspace_id, 'post.missed', webhook_post_data(NEW));
      WHEN 'pending_approval' THEN
        PERFORM webhook_event_record(NEW.workspace_id, 'approval.requested', webhook_post_data(NEW) || jsonb_build_object('text', NEW.text));
      ELSE NULL;
    END CASE;
  END IF;
  IF NEW.partially_published AND NOT OLD.partially_published THEN
    PERFORM webhook_event_record(NEW.workspace_id, 'post.partially_published', webhook_post_data(NEW));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER post_targets_webhook_inserted
  AFTER INSERT ON post_targets
  FOR EACH ROW
  WHEN (NEW.kind = 'post' AND NEW.status = 'pending_approval')
  EXECUTE FUNCTION post_targets_webhook_event();

CREATE TRIGGER post_targets_webhook_changed
  AFTER UPDATE OF status, partially_published ON post_targets
  FOR EACH ROW
  WHEN (NEW.kind = 'post' AND (
    (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('published', 'failed', 'needs_reconnect', 'missed', 'pending_approval'))
    OR (NEW.partially_published AND NOT OLD.partially_published)))
  EXECUTE FUNCTION post_targets_webhook_event();

CREATE FUNCTION social_accounts_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_event_record(NEW.workspace_id, 'account.needs_reconnect', jsonb_build_object(
    'accountId', NEW.id,
    'network', NEW.network,
    'username', NEW.username,
    'channel', (SELECT jsonb_build_object('id', c.id, 'name', c.name, 'handle', c.handle)
                  FROM channels c WHERE c.account_id = NEW.id AND c.kind = 'person'),
    'reason', NEW.status_reason));
  RETURN NULL;
END
$$;

CREATE TRIGGER social_accounts_webhook_needs_reconnect
  AFTER UPDATE OF status ON social_accounts
  FOR EACH ROW
  WHEN (NEW.status = 'needs_reconnect' AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION social_accounts_webhook_event();
