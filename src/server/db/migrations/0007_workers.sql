CREATE TABLE "workers" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"pid" integer NOT NULL,
	"host" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"active_jobs" integer DEFAULT 0 NOT NULL
);
