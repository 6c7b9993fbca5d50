CREATE TABLE "model_face_references" (
	"model_id" uuid PRIMARY KEY NOT NULL,
	"descriptor" real[],
	"best_crop_key" text,
	"faces" integer DEFAULT 0 NOT NULL,
	"photo_set" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generated_images" ADD COLUMN "likeness" integer;--> statement-breakpoint
ALTER TABLE "model_face_references" ADD CONSTRAINT "model_face_references_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_images_user_likeness_idx" ON "generated_images" USING btree ("user_id","likeness","created_at","id");