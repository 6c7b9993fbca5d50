-- issue 28, point 2: a reset link goes to an unverified address only when it is the account's first
-- one; this is when the address last changed (null: never). Accounts changed before now are found
-- by the "this wasn't me" tokens every change created.
ALTER TABLE "users" ADD COLUMN "email_changed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "email_changed_at" = t."at" FROM (
  SELECT "user_id", max("created_at") AS "at" FROM "auth_tokens" WHERE "kind" = 'revert_email' GROUP BY "user_id"
) t WHERE t."user_id" = "users"."id";
