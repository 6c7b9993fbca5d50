-- Each web instance caches session → user for a few seconds (docs/decisions/018-session-cache.md).
-- Any change to a user or to one of their sessions tells every instance to drop that user's entries.
-- NOTIFY is sent at commit and deduplicated per transaction, so a batch costs one message per user.
CREATE FUNCTION "session_cache_notify_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "session_cache_notify_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', OLD.user_id::text);
  IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM pg_notify('session_cache', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_session_cache_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "session_cache_notify_user"();
--> statement-breakpoint
CREATE TRIGGER "users_session_cache_delete" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "session_cache_notify_user"();
--> statement-breakpoint
-- a use of the session (later last_seen_at, later expiry, its device) shortens nothing: no message
CREATE TRIGGER "sessions_session_cache_update" AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (
    NEW.expires_at < OLD.expires_at OR NEW.last_seen_at < OLD.last_seen_at
    OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.user_id IS DISTINCT FROM OLD.user_id
  ) EXECUTE FUNCTION "session_cache_notify_session"();
--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache_delete" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "session_cache_notify_session"();
