ALTER TABLE "packs" ADD COLUMN "samples" jsonb;--> statement-breakpoint
-- hand-written: the seeded packs' drawn silhouettes step aside for their sample pictures (decision 064)
UPDATE "packs" SET "cover_key" = NULL WHERE "cover_key" IN ('public/packs/business-headshots.webp', 'public/packs/travel.webp', 'public/packs/fantasy.webp');
