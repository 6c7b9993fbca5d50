CREATE TABLE "offline_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text,
	"idempotency_key" text,
	"last_error" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "offline_payment_intents_idem_uq" ON "offline_payment_intents" USING btree ("idempotency_key");