-- Trigram indexes for the run panels' substring search (pg_trgm is a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "challenge_mode_runs_booster_idx";--> statement-breakpoint
DROP INDEX "desert_perpetual_runs_booster_idx";--> statement-breakpoint
DROP INDEX "raid_runs_booster_idx";--> statement-breakpoint
CREATE INDEX "challenge_mode_runs_game_start_idx" ON "challenge_mode_runs" USING btree ("game_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "challenge_mode_runs_display_id_trgm_idx" ON "challenge_mode_runs" USING gin (upper("display_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "challenge_mode_runs_title_trgm_idx" ON "challenge_mode_runs" USING gin (upper("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "desert_perpetual_runs_game_start_idx" ON "desert_perpetual_runs" USING btree ("game_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "desert_perpetual_runs_display_id_trgm_idx" ON "desert_perpetual_runs" USING gin (upper("display_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "raid_runs_game_start_idx" ON "raid_runs" USING btree ("game_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "raid_runs_display_id_trgm_idx" ON "raid_runs" USING gin (upper("display_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "challenge_mode_runs_booster_idx" ON "challenge_mode_runs" USING btree ("booster_id","game_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "desert_perpetual_runs_booster_idx" ON "desert_perpetual_runs" USING btree ("booster_id","game_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "raid_runs_booster_idx" ON "raid_runs" USING btree ("booster_id","game_id","starts_at","id");