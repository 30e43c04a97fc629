-- Whether an imported post carried media, as the network reported it when the history was read
-- (X: attachments.media_keys; LinkedIn: content.media or content.multiImage). NULL when unknown:
-- posts imported before this column, or a network answer that did not say. Posts made through
-- Postflow keep using media_ids (decision 101).
ALTER TABLE post_targets ADD COLUMN imported_has_media boolean;
