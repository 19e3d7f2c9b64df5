ALTER TABLE "challenge_mode_runs" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "desert_perpetual_runs" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "raid_runs" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;