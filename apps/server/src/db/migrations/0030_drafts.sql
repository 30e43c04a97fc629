-- Drafts (docs/decisions/141-drafts.md): what a person is writing, saved as they type, so leaving,
-- reloading or switching devices loses nothing. A draft belongs to its workspace (teammates see
-- it, as in the tools people come from) and never publishes: turning it into a post deletes it in
-- the same transaction that creates the post.
CREATE TABLE drafts (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  -- Who started it; null once that person is deleted (the workspace keeps the draft).
  created_by   uuid REFERENCES users (id) ON DELETE SET NULL,
  text         text NOT NULL DEFAULT '',
  platforms    text[] NOT NULL DEFAULT '{}',
  -- Each network's own text, when the person tailored one: { "x": "…", "linkedin": "…" }.
  per_platform jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The rest of the composer's state (LinkedIn target, skipped AI, …): shown back, never trusted to publish.
  details      jsonb NOT NULL DEFAULT '{}'::jsonb,
  media_id     uuid REFERENCES media (id) ON DELETE SET NULL,
  -- The date the person has in mind; a draft with one shows on the calendar.
  scheduled_at timestamptz,
  time_zone    text,
  -- Bumped on every save, so a tab holding an older copy cannot overwrite a newer one unseen.
  revision     integer NOT NULL DEFAULT 1,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX drafts_list ON drafts (workspace_id, updated_at DESC, id DESC);
CREATE INDEX drafts_dated ON drafts (workspace_id, scheduled_at) WHERE scheduled_at IS NOT NULL;
CREATE INDEX drafts_media ON drafts (media_id) WHERE media_id IS NOT NULL;
