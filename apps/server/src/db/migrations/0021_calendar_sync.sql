-- Calendar sync (docs/decisions/071-calendar-sync.md): a provider's ICS and CalDAV calendars,
-- and the busy time read from them, which keeps clients off those times.
CREATE TABLE "calendar_connections" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "provider_id" uuid NOT NULL REFERENCES "providers"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "name" text NOT NULL,
  "url" text NOT NULL,
  "username" text,
  -- AES-256-GCM of the password (lib/secret-box.ts); never answered.
  "secret" text,
  "etag" text,
  "last_modified" text,
  "last_synced_at" timestamp with time zone,
  "next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_error" text,
  "failures" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "calendar_connections_kind_check" CHECK ("kind" IN ('ics', 'caldav'))
);
--> statement-breakpoint
CREATE INDEX "calendar_connections_provider_idx" ON "calendar_connections" USING btree ("provider_id");
--> statement-breakpoint
CREATE INDEX "calendar_connections_due_idx" ON "calendar_connections" USING btree ("next_sync_at");
--> statement-breakpoint
-- Busy time of a provider, replaced whole by each sync of its connection.
CREATE TABLE "busy_blocks" (
  "connection_id" uuid NOT NULL REFERENCES "calendar_connections"("id") ON DELETE CASCADE,
  "provider_id" uuid NOT NULL,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  CONSTRAINT "busy_blocks_order_check" CHECK ("ends_at" > "starts_at")
);
--> statement-breakpoint
-- "Does busy time overlap this slot?" is one probe per slot (btree_gist: provider and range).
CREATE INDEX "busy_blocks_overlap_idx" ON "busy_blocks" USING gist ("provider_id", tstzrange("starts_at", "ends_at", '[)'));
--> statement-breakpoint
CREATE INDEX "busy_blocks_connection_idx" ON "busy_blocks" USING btree ("connection_id");
--> statement-breakpoint
-- A booking written to a CalDAV calendar: where, so a reschedule updates and a cancel deletes it.
CREATE TABLE "calendar_event_copies" (
  "connection_id" uuid NOT NULL REFERENCES "calendar_connections"("id") ON DELETE CASCADE,
  "appointment_id" uuid NOT NULL REFERENCES "appointments"("id") ON DELETE CASCADE,
  "href" text NOT NULL,
  "etag" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("connection_id", "appointment_id")
);
--> statement-breakpoint
-- Busy time hides slots: a sync's replacement drops the provider's cached answers
-- (docs/decisions/057-provider-window-cache.md), once per statement.
CREATE TRIGGER "busy_blocks_window_insert_push" AFTER INSERT ON "busy_blocks"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_push_window_rows"();
--> statement-breakpoint
CREATE TRIGGER "busy_blocks_window_delete_push" AFTER DELETE ON "busy_blocks"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_push_window_rows"();
