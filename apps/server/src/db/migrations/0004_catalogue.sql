-- Marketplace catalogue (docs/decisions/041-catalogue.md): a category and a location per
-- provider, priced services, slots bound to a service and appointments that keep the service
-- and price they were booked at. Coordinates are plain lat/lng read through cube +
-- earthdistance (both in PGlite and in PostgreSQL; PostGIS is in neither).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "place_name" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "place_region" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "place_country" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "service_mode" text DEFAULT 'at_provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "radius_km" integer;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_category_check" CHECK ("category" in ('barber', 'driver', 'tutor', 'photographer', 'mechanic', 'plumber', 'electrician', 'cleaner'));--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_service_mode_check" CHECK ("service_mode" in ('at_provider', 'at_client', 'online'));--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_radius_check" CHECK ("radius_km" is null or "radius_km" between 1 and 500);--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_place_check" CHECK (("place_id" is null) = ("lat" is null) and ("lat" is null) = ("lng" is null) and ("lat" is null or ("lat" between -90 and 90 and "lng" between -180 and 180)));--> statement-breakpoint
CREATE INDEX "providers_location_gist" ON "providers" USING gist (ll_to_earth("lat", "lng")) WHERE "lat" is not null;--> statement-breakpoint
CREATE INDEX "providers_category_idx" ON "providers" USING btree ("category");--> statement-breakpoint
-- Existing providers: a best guess from the free-text specialty; no match stays null (unlisted
-- until the provider chooses).
UPDATE "providers" SET "category" = CASE
  WHEN "specialty" ~* '(barber|hair|beard|salon|stylist|shave)' THEN 'barber'
  WHEN "specialty" ~* '(driv|chauffeur|taxi|transport|courier)' THEN 'driver'
  WHEN "specialty" ~* '(tutor|teach|lesson|math|language|coach|music|piano|guitar)' THEN 'tutor'
  WHEN "specialty" ~* '(photo|camera|portrait|wedding)' THEN 'photographer'
  WHEN "specialty" ~* '(mechanic|car repair|auto|garage|tyre|tire|brake)' THEN 'mechanic'
  WHEN "specialty" ~* '(plumb|pipe|drain|leak|boiler)' THEN 'plumber'
  WHEN "specialty" ~* '(electric|wiring|lighting|socket)' THEN 'electrician'
  WHEN "specialty" ~* '(clean|maid|housekeep|janitor)' THEN 'cleaner'
  ELSE NULL END
WHERE "specialty" is not null;--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_duration_check" CHECK ("duration_minutes" between 15 and 480),
	CONSTRAINT "services_price_check" CHECK ("price_cents" between 0 and 10000000),
	CONSTRAINT "services_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "services_name_check" CHECK (char_length("name") between 1 and 80)
);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_provider_idx" ON "services" USING btree ("provider_id","active");--> statement-breakpoint
ALTER TABLE "timeslots" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "timeslots" ADD CONSTRAINT "timeslots_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timeslots_service_idx" ON "timeslots" USING btree ("service_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "service_name" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_service_idx" ON "appointments" USING btree ("service_id");
