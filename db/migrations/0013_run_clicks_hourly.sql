-- Booking-click counters per UTC hour (not only per day), so Insights can count days in the console's zone; old rows sit at noon UTC.
ALTER TABLE "run_clicks" ADD COLUMN "hour" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "run_clicks" DROP CONSTRAINT "run_clicks_pk";
--> statement-breakpoint
ALTER TABLE "run_clicks" ADD CONSTRAINT "run_clicks_pk" PRIMARY KEY("run_kind","run_id","day","hour");