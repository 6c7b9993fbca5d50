ALTER TABLE "users" ADD COLUMN "tokens_owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_flag_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tokens_owed_nonneg" CHECK ("users"."tokens_owed" >= 0);