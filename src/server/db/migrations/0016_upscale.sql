-- issue 25, upscales (docs/decisions/037-downloads-and-upscale.md): an upscale is a new gallery image
-- linked to its original; its price per factor is set by admins; each request is a durable job whose
-- row carries what was charged, so a failure refunds exactly that.
ALTER TABLE "generated_images" ADD COLUMN "upscaled_from" uuid REFERENCES "generated_images"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "generated_images_upscaled_from_idx" ON "generated_images" USING btree ("upscaled_from");--> statement-breakpoint
CREATE TABLE "upscale_prices" (
	"factor" integer PRIMARY KEY NOT NULL,
	"token_cost" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "upscale_prices" ("factor", "token_cost") VALUES (2, 10), (4, 25) ON CONFLICT ("factor") DO NOTHING;--> statement-breakpoint
CREATE TABLE "upscales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"source_image_id" uuid REFERENCES "generated_images"("id") ON DELETE SET NULL,
	"factor" integer NOT NULL,
	"token_cost" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"engine" text DEFAULT 'offline' NOT NULL,
	"result_image_id" uuid REFERENCES "generated_images"("id") ON DELETE SET NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "upscales_user_created_idx" ON "upscales" USING btree ("user_id","created_at");
