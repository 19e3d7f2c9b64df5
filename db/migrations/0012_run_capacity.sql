-- Places per run (null: not tracked, as before) and a per-game booking cutoff (docs/decisions/26-spots-and-live-availability.md).
ALTER TABLE "challenge_mode_runs" ADD COLUMN "spots" integer;--> statement-breakpoint
ALTER TABLE "challenge_mode_runs" ADD COLUMN "spots_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "desert_perpetual_runs" ADD COLUMN "spots" integer;--> statement-breakpoint
ALTER TABLE "desert_perpetual_runs" ADD COLUMN "spots_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "booking_cutoff_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "raid_runs" ADD COLUMN "spots" integer;--> statement-breakpoint
ALTER TABLE "raid_runs" ADD COLUMN "spots_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_mode_runs" ADD CONSTRAINT "challenge_mode_runs_spots_range" CHECK ("challenge_mode_runs"."spots" IS NULL OR "challenge_mode_runs"."spots" BETWEEN 1 AND 50);--> statement-breakpoint
ALTER TABLE "challenge_mode_runs" ADD CONSTRAINT "challenge_mode_runs_spots_taken_range" CHECK ("challenge_mode_runs"."spots_taken" >= 0 AND "challenge_mode_runs"."spots_taken" <= COALESCE("challenge_mode_runs"."spots", 0));--> statement-breakpoint
ALTER TABLE "desert_perpetual_runs" ADD CONSTRAINT "desert_perpetual_runs_spots_range" CHECK ("desert_perpetual_runs"."spots" IS NULL OR "desert_perpetual_runs"."spots" BETWEEN 1 AND 50);--> statement-breakpoint
ALTER TABLE "desert_perpetual_runs" ADD CONSTRAINT "desert_perpetual_runs_spots_taken_range" CHECK ("desert_perpetual_runs"."spots_taken" >= 0 AND "desert_perpetual_runs"."spots_taken" <= COALESCE("desert_perpetual_runs"."spots", 0));--> statement-breakpoint
ALTER TABLE "raid_runs" ADD CONSTRAINT "raid_runs_spots_range" CHECK ("raid_runs"."spots" IS NULL OR "raid_runs"."spots" BETWEEN 1 AND 50);--> statement-breakpoint
ALTER TABLE "raid_runs" ADD CONSTRAINT "raid_runs_spots_taken_range" CHECK ("raid_runs"."spots_taken" >= 0 AND "raid_runs"."spots_taken" <= COALESCE("raid_runs"."spots", 0));