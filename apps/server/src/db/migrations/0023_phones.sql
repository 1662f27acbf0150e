-- On the phone (docs/decisions/073-phones.md): web push subscriptions, the phone number with its
-- confirmation, SMS sent and refused (STOP), and the event × channel preferences.
ALTER TABLE "users" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_e164_check" CHECK ("phone" IS NULL OR "phone" ~ '^\+[1-9][0-9]{6,14}$');
--> statement-breakpoint
-- The matrix cells other than SPEC's two mail settings (which keep their columns): {"reminder":{"sms":true}}.
ALTER TABLE "notification_preferences" ADD COLUMN "channels" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- A number being confirmed: only the SHA-256 of the texted code is stored.
CREATE TABLE "phone_confirmations" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "phone" text NOT NULL,
  "code_hash" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "user_agent" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_push_at" timestamp with time zone,
  "failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- An endpoint is one browser profile: it belongs to whoever subscribed it last.
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id", "created_at");
--> statement-breakpoint
-- Numbers that answered STOP (and not START since): no SMS to them, whoever's number it is.
CREATE TABLE "sms_opt_outs" (
  "phone" text PRIMARY KEY NOT NULL,
  "opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every SMS asked for, and what became of it: the daily cap counts these rows.
CREATE TABLE "sms_messages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "phone" text NOT NULL,
  "kind" text NOT NULL,
  "body" text NOT NULL,
  "status" text DEFAULT 'queued' NOT NULL,
  "reason" text,
  "gateway_ref" text,
  "send_after" timestamp with time zone DEFAULT now() NOT NULL,
  "sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "sms_messages_status_check" CHECK ("status" IN ('queued', 'deferred', 'sent', 'suppressed', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "sms_messages_phone_sent_idx" ON "sms_messages" USING btree ("phone", "sent_at") WHERE "status" = 'sent';
--> statement-breakpoint
CREATE INDEX "sms_messages_user_idx" ON "sms_messages" USING btree ("user_id");
