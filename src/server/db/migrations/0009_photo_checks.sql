ALTER TABLE "training_images" ADD COLUMN "check_status" text;--> statement-breakpoint
ALTER TABLE "training_images" ADD COLUMN "check_problems" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "training_images" ADD COLUMN "face_box" jsonb;--> statement-breakpoint
ALTER TABLE "training_images" ADD COLUMN "face_sharpness" real;--> statement-breakpoint
ALTER TABLE "training_images" ADD COLUMN "face_distance" real;--> statement-breakpoint
ALTER TABLE "training_images" ADD COLUMN "face_descriptor" real[];