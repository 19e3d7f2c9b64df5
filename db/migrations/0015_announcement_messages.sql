-- Discord posts that stay true: each run's message id per webhook target, and outbox rows that name their run so edits coalesce (docs/decisions/30-discord-posts-that-stay-true.md).
CREATE TABLE "announcement_messages" (
	"run_kind" varchar(20) NOT NULL,
	"run_id" integer NOT NULL,
	"target" varchar(64) NOT NULL,
	"game_id" integer NOT NULL,
	"message_id" varchar(32) NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcement_messages_run_kind_run_id_target_pk" PRIMARY KEY("run_kind","run_id","target")
);
--> statement-breakpoint
ALTER TABLE "announcement_outbox" ADD COLUMN "run_kind" varchar(20);--> statement-breakpoint
ALTER TABLE "announcement_outbox" ADD COLUMN "run_id" integer;--> statement-breakpoint
ALTER TABLE "announcement_outbox" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_outbox" ADD COLUMN "post_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcement_messages" ADD CONSTRAINT "announcement_messages_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_outbox_waiting_run_idx" ON "announcement_outbox" USING btree ("game_id","run_kind","run_id") WHERE "announcement_outbox"."next_attempt_at" is not null and "announcement_outbox"."run_id" is not null;