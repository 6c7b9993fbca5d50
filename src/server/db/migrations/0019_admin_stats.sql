-- The admin charts (docs/decisions/040-admin-charts.md) count per UTC day over indexed columns.
-- When a model failed: set by models.repository.ts on every move to 'failed'; existing failed models
-- get their last change as the best time known.
ALTER TABLE "models" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "models" SET "failed_at" = "updated_at" WHERE "status" = 'failed';--> statement-breakpoint
CREATE INDEX "models_ready_at_idx" ON "models" USING btree ("ready_at") WHERE "models"."ready_at" is not null;--> statement-breakpoint
CREATE INDEX "models_failed_at_idx" ON "models" USING btree ("failed_at") WHERE "models"."failed_at" is not null;--> statement-breakpoint
-- the ledger's (type, created_at) index, now carrying the columns the charts sum, so a day's
-- purchases, charges and refunds are read from the index alone (an index-only scan)
DROP INDEX IF EXISTS "transactions_type_created_idx";--> statement-breakpoint
CREATE INDEX "transactions_type_created_idx" ON "transactions" USING btree ("type","created_at") INCLUDE ("amount","amount_in_cents","ref_type");
