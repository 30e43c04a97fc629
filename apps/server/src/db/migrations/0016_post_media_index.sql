-- Which posts show an image, so the maintenance job can find images nothing shows any more
-- without reading every post (decision 110). Only posts with an image are indexed.
CREATE INDEX post_targets_media_ids_idx ON post_targets USING gin (media_ids) WHERE media_ids <> '{}';
