-- Trigram indexes for the `ilike '%term%'` searches (gallery prompt, admin users and models).
-- pg_trgm is a trusted extension (PostgreSQL 13+), so a database owner may create it; where the role
-- still may not, the start goes on and those searches stay sequential scans.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
  RAISE NOTICE 'pg_trgm is not available: text search runs without trigram indexes';
END
$$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "models_name_trgm_idx" ON "models" USING gin ("name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "generated_images_prompt_trgm_idx" ON "generated_images" USING gin ("prompt" gin_trgm_ops);
  END IF;
END
$$;
