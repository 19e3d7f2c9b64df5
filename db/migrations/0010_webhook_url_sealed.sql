-- Webhook URLs are stored sealed under DATA_ENCRYPTION_KEY. SQL has no key, so existing URLs
-- move to url_sealed as they are and the server seals them at start-up, right after migrating
-- (sealLegacyWebhooks in src/api/games/webhooks.ts).
ALTER TABLE "game_webhooks" ADD COLUMN "url_sealed" text;--> statement-breakpoint
ALTER TABLE "game_webhooks" ADD COLUMN "hint" varchar(4);--> statement-breakpoint
UPDATE "game_webhooks" SET "url_sealed" = "url", "hint" = right("url", 4);--> statement-breakpoint
ALTER TABLE "game_webhooks" ALTER COLUMN "url_sealed" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "game_webhooks" ALTER COLUMN "hint" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "game_webhooks" DROP COLUMN "url";
