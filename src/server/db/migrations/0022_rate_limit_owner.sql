ALTER TABLE "rate_limits" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
CREATE INDEX "rate_limits_owner_idx" ON "rate_limits" USING btree ("owner_id") WHERE "rate_limits"."owner_id" is not null;--> statement-breakpoint
-- Counters written before this column name their account in the key, which the server built from the
-- account's id (never from a name a user chose): give them their owner once, so a deletion finds them.
UPDATE "rate_limits" SET "owner_id" = substring("key" from 'user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})')::uuid
  WHERE "key" ~ 'user:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';--> statement-breakpoint
UPDATE "rate_limits" SET "owner_id" = substring("key" from 9)::uuid
  WHERE "key" ~ '^data-export:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
UPDATE "rate_limits" AS r SET "owner_id" = k."user_id" FROM "api_keys" AS k WHERE r."key" = 'apikey:' || k."id";
