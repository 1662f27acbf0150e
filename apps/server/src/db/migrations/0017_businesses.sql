-- Teams and resources (docs/decisions/064-teams-and-resources.md). A business is owned by one
-- provider; its staff are providers (the owner is the first). Each staff member keeps their own
-- slots, hours, time off, services and appointments: the business only groups them.
CREATE TABLE "businesses" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "owner_provider_id" uuid NOT NULL REFERENCES "providers"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "businesses_owner_unique" UNIQUE ("owner_provider_id"),
  CONSTRAINT "businesses_name_check" CHECK (char_length("name") BETWEEN 1 AND 80)
);
--> statement-breakpoint
-- A provider belongs to at most one business (the primary key).
CREATE TABLE "business_staff" (
  "provider_id" uuid PRIMARY KEY NOT NULL REFERENCES "providers"("id") ON DELETE CASCADE,
  "business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
  "joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "business_staff_business_idx" ON "business_staff" ("business_id", "provider_id");
--> statement-breakpoint
-- A mailed, single-use link (its SHA-256 only), good for 7 days.
CREATE TABLE "business_invitations" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "token_hash" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "accepted_at" timestamp with time zone,
  "accepted_by" uuid REFERENCES "providers"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "business_invitations_token_unique" UNIQUE ("token_hash")
);
--> statement-breakpoint
CREATE INDEX "business_invitations_business_idx" ON "business_invitations" ("business_id", "created_at");
--> statement-breakpoint
-- A room, a chair, a machine: what a service may need, one booking at a time.
CREATE TABLE "business_resources" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "business_resources_name_check" CHECK (char_length("name") BETWEEN 1 AND 80)
);
--> statement-breakpoint
CREATE INDEX "business_resources_business_idx" ON "business_resources" ("business_id");
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "resource_id" uuid REFERENCES "business_resources"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- The resource an appointment holds, copied from its service when booked (like its price).
ALTER TABLE "appointments" ADD COLUMN "resource_id" uuid REFERENCES "business_resources"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- Two active bookings that need the same resource never overlap, whoever the staff members
-- are: half-open ranges, like timeslots_no_overlap. A violation answers 409 RESOURCE_BUSY.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_resource_no_overlap"
  EXCLUDE USING gist ("resource_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" = 'booked' AND "resource_id" IS NOT NULL);
--> statement-breakpoint
-- A booking, cancel or move of a resource's appointment changes what every staff member of the
-- business can offer (their slots naming a service that needs it): their cached available
-- slots are dropped (docs/decisions/057), like 0015 does for the booking provider.
CREATE FUNCTION "slotwise_push_resource_window"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('slotwise_push', 'w ' || s.provider_id::text)
    FROM "business_resources" r JOIN "business_staff" s ON s.business_id = r.business_id
    WHERE r.id = COALESCE(NEW.resource_id, OLD.resource_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_resource_insert_push" AFTER INSERT ON "appointments"
  FOR EACH ROW WHEN (NEW.resource_id IS NOT NULL)
  EXECUTE FUNCTION "slotwise_push_resource_window"();
--> statement-breakpoint
CREATE TRIGGER "appointments_resource_update_push" AFTER UPDATE ON "appointments"
  FOR EACH ROW WHEN (COALESCE(NEW.resource_id, OLD.resource_id) IS NOT NULL
    AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.starts_at IS DISTINCT FROM NEW.starts_at
      OR OLD.ends_at IS DISTINCT FROM NEW.ends_at))
  EXECUTE FUNCTION "slotwise_push_resource_window"();
