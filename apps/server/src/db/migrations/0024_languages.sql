-- Languages (docs/decisions/074-languages.md): the language a person chose, in which mails, `.ics`
-- texts, notifications, push and SMS reach them; NULL until chosen (English).
ALTER TABLE "users" ADD COLUMN "locale" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("locale" IS NULL OR "locale" IN ('en', 'es', 'fr', 'de', 'ar'));
