-- Photo packs (issue 26, part 1; docs/decisions/038-photo-packs.md).
CREATE TABLE "packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_key" text,
	"price_mode" text DEFAULT 'sum' NOT NULL,
	"discount_price" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packs_price_check" CHECK (("price_mode" = 'sum' AND "discount_price" IS NULL) OR ("price_mode" = 'discounted' AND "discount_price" > 0))
);
--> statement-breakpoint
CREATE TABLE "pack_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pack_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"prompt" text NOT NULL,
	"style_id" uuid,
	"width" integer,
	"height" integer
);
--> statement-breakpoint
CREATE TABLE "pack_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"model_id" uuid,
	"pack_id" uuid,
	"pack_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"charged" integer NOT NULL,
	"full_cost" integer NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "pack_batches_refund_check" CHECK ("refunded" >= 0 AND "refunded" <= "charged")
);
--> statement-breakpoint
ALTER TABLE "generated_images" ADD COLUMN "pack_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "pack_prompts" ADD CONSTRAINT "pack_prompts_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_prompts" ADD CONSTRAINT "pack_prompts_style_id_preset_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."preset_styles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_batches" ADD CONSTRAINT "pack_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_batches" ADD CONSTRAINT "pack_batches_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_batches" ADD CONSTRAINT "pack_batches_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_images" ADD CONSTRAINT "generated_images_pack_batch_id_pack_batches_id_fk" FOREIGN KEY ("pack_batch_id") REFERENCES "public"."pack_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packs_active_idx" ON "packs" USING btree ("is_active","created_at","id");--> statement-breakpoint
CREATE INDEX "pack_prompts_pack_idx" ON "pack_prompts" USING btree ("pack_id","position");--> statement-breakpoint
CREATE INDEX "pack_batches_user_idx" ON "pack_batches" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "generated_images_pack_batch_idx" ON "generated_images" USING btree ("pack_batch_id","created_at","id");
