-- Open screens learn that a post went out, failed or was missed without reloading (decision 125).
-- The API processes LISTEN on this channel and pass each change to the owner's open streams; a
-- trigger rather than the publisher's code, so every path that changes a status (publishing, the
-- missed sweep, a disconnect, an edit) is heard, from whichever process made the change.
-- Claiming and releasing (scheduled <-> publishing) stay within one stage and stay silent, which
-- keeps NOTIFY off the dispatcher's claim, the publishing engine's busiest statement.
CREATE FUNCTION post_targets_status_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('postflow_post_status',
    json_build_object('userId', NEW.user_id, 'id', NEW.id, 'postId', NEW.post_id, 'status', NEW.status)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER post_targets_status_notify
  AFTER UPDATE OF status ON post_targets
  FOR EACH ROW
  WHEN (post_target_stage(OLD.status) <> post_target_stage(NEW.status))
  EXECUTE FUNCTION post_targets_status_notify();
