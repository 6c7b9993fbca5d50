ALTER TABLE "auth_tokens" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "mailbox" text;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_granted_mailbox_uq" ON "referrals" USING btree ("mailbox") WHERE "referrals"."status" = 'granted';