-- the retention pass deletes the oldest notifications across all users (modules/retention/retention.job.ts)
CREATE INDEX IF NOT EXISTS "notifications_created_idx" ON "notifications" USING btree ("created_at");
