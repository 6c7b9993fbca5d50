-- The admin charts' finished days, counted once (docs/decisions/040-admin-charts.md): a 90-day chart
-- then counts only today from the tables.
CREATE TABLE "admin_daily_stats" (
	"date" date PRIMARY KEY NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"purchases" integer NOT NULL,
	"signups" integer NOT NULL,
	"images" integer NOT NULL,
	"trainings_ready" integer NOT NULL,
	"trainings_failed" integer NOT NULL,
	"tokens_spent" bigint NOT NULL,
	"tokens_bought" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
