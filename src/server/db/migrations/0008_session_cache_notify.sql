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
--> statement-breakpoint
-- A user's gallery pages are cached too: their images (per statement, one message per owner however
-- many rows a statement touches) and their models (whose names the pages show).
CREATE FUNCTION "session_cache_notify_new_owners"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', o.user_id::text) FROM (SELECT DISTINCT user_id FROM new_rows) o;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "session_cache_notify_old_owners"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', o.user_id::text) FROM (SELECT DISTINCT user_id FROM old_rows) o;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "generated_images_cache_insert" AFTER INSERT ON "generated_images"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_notify_new_owners"();
--> statement-breakpoint
CREATE TRIGGER "generated_images_cache_update" AFTER UPDATE ON "generated_images"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_notify_old_owners"();
--> statement-breakpoint
CREATE TRIGGER "generated_images_cache_delete" AFTER DELETE ON "generated_images"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_notify_old_owners"();
--> statement-breakpoint
CREATE TRIGGER "models_cache_update" AFTER UPDATE ON "models"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_notify_old_owners"();
--> statement-breakpoint
CREATE TRIGGER "models_cache_delete" AFTER DELETE ON "models"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_notify_old_owners"();
--> statement-breakpoint
-- style and base-model names appear on every user's pages: everything is dropped
CREATE FUNCTION "session_cache_notify_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "preset_styles_cache" AFTER UPDATE OR DELETE ON "preset_styles"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_notify_everyone"();
--> statement-breakpoint
CREATE TRIGGER "base_models_cache" AFTER UPDATE OR DELETE ON "base_models"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_notify_everyone"();
