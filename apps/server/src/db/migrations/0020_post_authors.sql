-- Who each post goes out as (docs/decisions/124-one-identity-per-post.md): the network account's
-- name, handle and picture, or the LinkedIn page's. Kept on the target, so a post still shows who
-- it went out as after its account is disconnected, and a page post shows the page.
ALTER TABLE post_targets
  ADD COLUMN author_name text,
  ADD COLUMN author_handle text,
  ADD COLUMN author_avatar_url text;

UPDATE post_targets t
   SET author_name = coalesce(a.display_name, a.username), author_handle = a.username, author_avatar_url = a.avatar_url
  FROM social_accounts a
 WHERE a.id = t.account_id AND t.linkedin_org_id IS NULL;

-- A post as the account itself takes the account's identity when it is composed, moved to another
-- account, and again when it goes out. A page post's identity is written by the app (the page's
-- name comes from LinkedIn, not from this database).
CREATE FUNCTION post_targets_remember_author() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.account_id IS NOT DISTINCT FROM OLD.account_id
     AND NEW.linkedin_org_id IS NOT DISTINCT FROM OLD.linkedin_org_id
     AND NOT (NEW.status = 'published' AND OLD.status IS DISTINCT FROM 'published') THEN
    RETURN NEW;
  END IF;
  IF NEW.linkedin_org_id IS NULL AND NEW.account_id IS NOT NULL THEN
    SELECT coalesce(display_name, username), username, avatar_url
      INTO NEW.author_name, NEW.author_handle, NEW.author_avatar_url
      FROM social_accounts WHERE id = NEW.account_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER post_targets_remember_author
  BEFORE INSERT OR UPDATE OF account_id, linkedin_org_id, status ON post_targets
  FOR EACH ROW EXECUTE FUNCTION post_targets_remember_author();
