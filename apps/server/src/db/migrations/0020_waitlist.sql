-- The waitlist (docs/decisions/069-waitlist.md): a client waits for a provider inside up to five
-- windows; a freed slot is offered to one waiting client at a time and held for them.
CREATE TABLE "waitlist_entries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "client_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "provider_id" uuid NOT NULL REFERENCES "providers"("id") ON DELETE CASCADE,
  "service_id" uuid REFERENCES "services"("id") ON DELETE CASCADE,
  "windows" jsonb NOT NULL,
  "status" text DEFAULT 'waiting' NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "waitlist_entries_status_check" CHECK ("status" IN ('waiting', 'booked', 'removed'))
);
--> statement-breakpoint
CREATE INDEX "waitlist_entries_client_idx" ON "waitlist_entries" USING btree ("client_id", "created_at");
--> statement-breakpoint
CREATE INDEX "waitlist_entries_provider_idx" ON "waitlist_entries" USING btree ("provider_id", "created_at") WHERE "status" = 'waiting';
--> statement-breakpoint
-- Each window as instants (fixed from the provider's zone when joined): the match of a freed slot
-- is an index range scan on (provider, start), never a scan of everyone waiting.
CREATE TABLE "waitlist_windows" (
  "entry_id" uuid NOT NULL REFERENCES "waitlist_entries"("id") ON DELETE CASCADE,
  "provider_id" uuid NOT NULL,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  CONSTRAINT "waitlist_windows_order_check" CHECK ("ends_at" > "starts_at")
);
--> statement-breakpoint
CREATE INDEX "waitlist_windows_match_idx" ON "waitlist_windows" USING btree ("provider_id", "starts_at", "ends_at");
--> statement-breakpoint
CREATE INDEX "waitlist_windows_entry_idx" ON "waitlist_windows" USING btree ("entry_id");
--> statement-breakpoint
-- One offer of one slot to one entry; 'offered' holds a seat of the slot until expires_at.
CREATE TABLE "waitlist_offers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "entry_id" uuid NOT NULL REFERENCES "waitlist_entries"("id") ON DELETE CASCADE,
  "client_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "provider_id" uuid NOT NULL,
  "timeslot_id" uuid NOT NULL REFERENCES "timeslots"("id") ON DELETE CASCADE,
  "status" text DEFAULT 'offered' NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "appointment_id" uuid REFERENCES "appointments"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "waitlist_offers_status_check" CHECK ("status" IN ('offered', 'accepted', 'declined', 'expired'))
);
--> statement-breakpoint
-- A slot is offered to an entry once: declined or run out, it goes to the next entry.
CREATE UNIQUE INDEX "waitlist_offers_once_idx" ON "waitlist_offers" USING btree ("entry_id", "timeslot_id");
--> statement-breakpoint
-- One open offer per entry at a time.
CREATE UNIQUE INDEX "waitlist_offers_one_open_idx" ON "waitlist_offers" USING btree ("entry_id") WHERE "status" = 'offered';
--> statement-breakpoint
CREATE INDEX "waitlist_offers_open_slot_idx" ON "waitlist_offers" USING btree ("timeslot_id") WHERE "status" = 'offered';
--> statement-breakpoint
CREATE INDEX "waitlist_offers_client_idx" ON "waitlist_offers" USING btree ("client_id", "created_at");
--> statement-breakpoint
CREATE INDEX "waitlist_offers_provider_idx" ON "waitlist_offers" USING btree ("provider_id", "updated_at") WHERE "status" = 'accepted';
--> statement-breakpoint
-- The latest deadline of the slot's open offers: a slot with none (null or passed) skips the
-- look at the offers in every list of free slots.
ALTER TABLE "timeslots" ADD COLUMN "held_until" timestamp with time zone;
--> statement-breakpoint
-- An offer ending (declined, run out) can make its slot public again: cached answers of the
-- provider's available slots are dropped (docs/decisions/057-provider-window-cache.md). Taking
-- an offer up is a booking, announced as one.
CREATE TRIGGER "waitlist_offers_window_push" AFTER UPDATE ON "waitlist_offers"
  FOR EACH ROW WHEN (NEW."status" IN ('declined', 'expired') AND OLD."status" = 'offered')
  EXECUTE FUNCTION "slotwise_push_window_row"();
