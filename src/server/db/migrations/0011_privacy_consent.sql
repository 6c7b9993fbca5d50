ALTER TABLE "models" ADD COLUMN "subject_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "subject_notice_version" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "photos_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "user_privacy" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"face_analysis" boolean DEFAULT false NOT NULL,
	"face_analysis_at" timestamp with time zone,
	"notice_version" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_privacy" ADD CONSTRAINT "user_privacy_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "models_ready_photos_idx" ON "models" USING btree ("status","ready_at") WHERE "photos_deleted_at" is null;
