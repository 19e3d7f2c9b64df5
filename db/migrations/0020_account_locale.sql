-- A person's language (staff console, dashboard, account pages, their mails) and an invitation's (its mail, and the account it makes); the pseudo-locale is development only, refused by the writes in production.
ALTER TABLE "invites" ADD COLUMN "locale" varchar(10) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" varchar(10) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_locale" CHECK ("invites"."locale" IN ('en', 'de', 'fr', 'es', 'ru', 'en-XA'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale" CHECK ("users"."locale" IN ('en', 'de', 'fr', 'es', 'ru', 'en-XA'));