CREATE TABLE "run_bulk_undos" (
	"token" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_kind" varchar(10) NOT NULL,
	"action" varchar(10) NOT NULL,
	"actor_id" integer NOT NULL,
	"runs" jsonb NOT NULL,
	"restrictions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "run_bulk_undos" ADD CONSTRAINT "run_bulk_undos_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_bulk_undos_expires_idx" ON "run_bulk_undos" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "challenge_mode_runs_booster_available_idx" ON "challenge_mode_runs" USING btree ("booster_id","starts_at") WHERE status = 'available';--> statement-breakpoint
CREATE INDEX "desert_perpetual_runs_booster_available_idx" ON "desert_perpetual_runs" USING btree ("booster_id","starts_at") WHERE status = 'available';--> statement-breakpoint
CREATE INDEX "raid_runs_booster_available_idx" ON "raid_runs" USING btree ("booster_id","starts_at") WHERE status = 'available';