-- Booking clicks by where they came from (calendar, run page, embed with its origin, feed, Discord); older rows become 'other'.
ALTER TABLE "run_clicks" ADD COLUMN "source" varchar(10) DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "run_clicks" ADD COLUMN "origin" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "run_clicks" DROP CONSTRAINT "run_clicks_pk";
--> statement-breakpoint
ALTER TABLE "run_clicks" ADD CONSTRAINT "run_clicks_pk" PRIMARY KEY("run_kind","run_id","day","hour","source","origin");