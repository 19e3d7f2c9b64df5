-- Visitor alerts: subscribers, alerts, their link tokens (hashes only) and the alerts' scheduled jobs (docs/decisions/34-visitor-alerts.md).
CREATE TABLE "alert_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(10) NOT NULL,
	"run_kind" varchar(10),
	"run_id" integer,
	"subscriber_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" varchar(200),
	CONSTRAINT "alert_jobs_kind" CHECK ("alert_jobs"."kind" IN ('spot', 'confirm', 'reminders', 'digests', 'prune'))
);
--> statement-breakpoint
CREATE TABLE "alert_subscribers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_subscribers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" varchar(255) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirm_sent_at" timestamp with time zone,
	CONSTRAINT "alert_subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "alert_tokens" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"subscriber_id" integer NOT NULL,
	"alert_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_tokens_purpose" CHECK ("alert_tokens"."purpose" IN ('confirm', 'mail'))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscriber_id" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"run_kind" varchar(10),
	"run_id" integer,
	"run" varchar(50),
	"calendar" varchar(100),
	"filters" varchar(500),
	"locale" varchar(10) DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"consented_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"seen_run_id" integer,
	CONSTRAINT "alerts_type" CHECK ("alerts"."type" IN ('spot', 'new-runs', 'reminder')),
	CONSTRAINT "alerts_target" CHECK (("alerts"."type" = 'new-runs') = ("alerts"."calendar" is not null) and ("alerts"."type" = 'new-runs') = ("alerts"."run_id" is null))
);
--> statement-breakpoint
ALTER TABLE "alert_jobs" ADD CONSTRAINT "alert_jobs_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_tokens" ADD CONSTRAINT "alert_tokens_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_tokens" ADD CONSTRAINT "alert_tokens_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_jobs_due_idx" ON "alert_jobs" USING btree ("next_attempt_at","id") WHERE "alert_jobs"."next_attempt_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_jobs_spot_uq" ON "alert_jobs" USING btree ("run_kind","run_id") WHERE kind = 'spot' and next_attempt_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_jobs_confirm_uq" ON "alert_jobs" USING btree ("subscriber_id") WHERE kind = 'confirm' and next_attempt_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_jobs_sweep_uq" ON "alert_jobs" USING btree ("kind") WHERE kind in ('reminders', 'digests', 'prune');--> statement-breakpoint
CREATE INDEX "alert_tokens_subscriber_idx" ON "alert_tokens" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "alert_tokens_alert_idx" ON "alert_tokens" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "alert_tokens_expires_idx" ON "alert_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_run_uq" ON "alerts" USING btree ("subscriber_id","type","run_kind","run_id") WHERE run_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_calendar_uq" ON "alerts" USING btree ("subscriber_id","calendar","filters") WHERE calendar is not null;--> statement-breakpoint
CREATE INDEX "alerts_run_idx" ON "alerts" USING btree ("run_kind","run_id","type") WHERE consented_at is not null;--> statement-breakpoint
CREATE INDEX "alerts_calendar_idx" ON "alerts" USING btree ("calendar") WHERE consented_at is not null;--> statement-breakpoint
CREATE INDEX "alerts_reminder_idx" ON "alerts" USING btree ("run_kind","run_id") WHERE type = 'reminder' and consented_at is not null;--> statement-breakpoint
CREATE INDEX "alerts_unconfirmed_idx" ON "alerts" USING btree ("created_at") WHERE consented_at is null;