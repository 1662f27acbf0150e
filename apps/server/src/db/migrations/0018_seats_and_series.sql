-- Classes and series (docs/decisions/067-seats-and-series.md).
-- A slot seats `capacity` clients (1 = SPEC's single booking). `seats_taken` counts its booked
-- appointments and is moved by the same statements that book and free seats; `is_booked` stays
-- SPEC's flag and means "no seat left", so every index, trigger and query on it keeps working.
ALTER TABLE "timeslots" ADD COLUMN "capacity" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "timeslots" ADD COLUMN "seats_taken" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The database is the judge of N simultaneous bookings for k seats: never more than k.
ALTER TABLE "timeslots" ADD CONSTRAINT "timeslots_capacity_check" CHECK ("capacity" BETWEEN 1 AND 100);
--> statement-breakpoint
ALTER TABLE "timeslots" ADD CONSTRAINT "timeslots_seats_taken_check"
  CHECK ("seats_taken" >= 0 AND "seats_taken" <= "capacity");
--> statement-breakpoint
-- A full slot is always flagged booked (a flagged slot may hold fewer: SPEC's single slot).
ALTER TABLE "timeslots" ADD CONSTRAINT "timeslots_full_is_booked_check"
  CHECK ("is_booked" OR "seats_taken" < "capacity");
--> statement-breakpoint
UPDATE "timeslots" t SET "seats_taken" = 1
  WHERE EXISTS (SELECT 1 FROM "appointments" a WHERE a."timeslot_id" = t."id" AND a."status" = 'booked');
--> statement-breakpoint
ALTER TABLE "availability_rules" ADD COLUMN "capacity" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_capacity_check" CHECK ("capacity" BETWEEN 1 AND 100);
--> statement-breakpoint
-- One seat per client per slot: the last line of defence against a double booking moves from
-- "one active appointment per slot" to "one per slot and client"; the seat count guards the rest.
DROP INDEX "appointments_one_active_per_slot";
--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_seat_per_client" ON "appointments" USING btree ("timeslot_id", "client_id") WHERE "appointments"."status" = 'booked';
--> statement-breakpoint
-- A series: a client's booking repeated every `interval_weeks` weeks; its occurrences are
-- ordinary appointments that name it.
CREATE TABLE "appointment_series" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "client_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "provider_id" uuid NOT NULL REFERENCES "providers"("id") ON DELETE CASCADE,
  "interval_weeks" smallint NOT NULL,
  "count" smallint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "appointment_series_interval_check" CHECK ("interval_weeks" BETWEEN 1 AND 4),
  CONSTRAINT "appointment_series_count_check" CHECK ("count" BETWEEN 2 AND 26)
);
--> statement-breakpoint
CREATE INDEX "appointment_series_client_idx" ON "appointment_series" ("client_id");
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "series_id" uuid REFERENCES "appointment_series"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" ("series_id", "starts_at") WHERE "series_id" IS NOT NULL;
