CREATE TABLE "web_vitals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"rating" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_vitals_name_check" CHECK ("web_vitals"."name" in ('LCP', 'INP', 'CLS', 'TTFB', 'FCP'))
);
--> statement-breakpoint
CREATE INDEX "web_vitals_created_at_idx" ON "web_vitals" USING btree ("created_at","route","name","value");