-- Rich media (docs/decisions/147-media-app.md): a media row is an image, an MP4 video or a
-- document (PDF, PPTX), with the facts read from its bytes that the networks' limits are checked
-- against at publish time. Alt texts and a document's title belong to the post, not the upload:
-- the same upload may be described differently in a draft and in the post made from it.
ALTER TABLE media DROP CONSTRAINT media_mime_type_check;
ALTER TABLE media
  ADD CONSTRAINT media_mime_type_check CHECK (mime_type IN (
    'image/jpeg', 'image/png', 'image/gif', 'video/mp4', 'application/pdf',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation')),
  ADD COLUMN kind text NOT NULL DEFAULT 'image' CHECK (kind IN ('image', 'video', 'document')),
  -- The name the person chose the file by, for messages like "clip.mp4 is 3 min 10 s".
  ADD COLUMN file_name text,
  ADD COLUMN duration_ms integer,
  ADD COLUMN pages integer,
  -- The video track's sample entry (avc1, hvc1, …): X takes H.264 only.
  ADD COLUMN video_codec text,
  ALTER COLUMN width DROP NOT NULL,
  ALTER COLUMN height DROP NOT NULL;

-- Each target's alt texts in the order of media_ids ('' for none), and a document's title.
ALTER TABLE post_targets
  ADD COLUMN media_alts text[] NOT NULL DEFAULT '{}',
  ADD COLUMN media_title text;

-- A draft keeps all its media, in order, with their alt texts (it kept one image before).
ALTER TABLE drafts
  ADD COLUMN media_ids uuid[] NOT NULL DEFAULT '{}',
  ADD COLUMN media_alts text[] NOT NULL DEFAULT '{}';
UPDATE drafts SET media_ids = ARRAY[media_id], media_alts = ARRAY[''] WHERE media_id IS NOT NULL;
DROP INDEX drafts_media;
ALTER TABLE drafts DROP COLUMN media_id;
CREATE INDEX drafts_media_ids ON drafts USING gin (media_ids) WHERE media_ids <> '{}';
