ALTER TABLE "base_models" ADD COLUMN "architecture" text DEFAULT 'flux1d' NOT NULL;--> statement-breakpoint
-- existing rows: the seeded FLUX.1 [schnell] and SDXL bases (src/server/db/seed.ts)
UPDATE "base_models" SET "architecture" = 'flux1s' WHERE "air" = 'runware:100@1';--> statement-breakpoint
UPDATE "base_models" SET "architecture" = 'sdxl' WHERE "air" = 'civitai:133005@782002';
