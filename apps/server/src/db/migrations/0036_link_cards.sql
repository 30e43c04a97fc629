-- Link cards (docs/decisions/149-link-cards.md): the card a LinkedIn target goes out with as an
-- article share, {url, title, description, imageUrl}, as the person saw it in the composer. Kept on
-- the target, so a retry sends the same card; null for every other post.
ALTER TABLE post_targets ADD COLUMN link_card jsonb;
