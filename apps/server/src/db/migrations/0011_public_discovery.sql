-- Public discovery (docs/decisions/048-public-discovery.md): the listing facts that search filters
-- and orders by live on the providers row, kept current by triggers (every path — API, seeds,
-- SQL fixes — keeps them right), so each filter and sort is served by an index.
--
-- listed: verified email and completed profile (specialty). first_name/last_name: a copy of the
-- user's names for the by-name order. price_from_cents/price_currency: the cheapest active
-- service. rating_score: the Bayesian average with the marketplace mean m cached in
-- rating_prior (045 foresaw it); rating_changed_at plus provider_rating_changes let a cursor rank
-- a provider by its rating as of the first page while reviews land.
ALTER TABLE "providers" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "price_from_cents" integer;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "rating_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "rating_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "rating_prior" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mean" double precision DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_prior_single_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "rating_prior" ("id", "mean") VALUES (1, 0);--> statement-breakpoint
CREATE TABLE "provider_rating_changes" (
	"provider_id" uuid NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"old_sum" integer NOT NULL,
	"old_count" integer NOT NULL
);--> statement-breakpoint
ALTER TABLE "provider_rating_changes" ADD CONSTRAINT "provider_rating_changes_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_rating_changes_provider_idx" ON "provider_rating_changes" USING btree ("provider_id","changed_at");--> statement-breakpoint
CREATE INDEX "provider_rating_changes_changed_idx" ON "provider_rating_changes" USING btree ("changed_at");--> statement-breakpoint
-- The Bayesian score with C = 10 (RATING_PRIOR_WEIGHT) and the cached mean.
CREATE FUNCTION "provider_rating_score"("sum" integer, "n" integer, "m" double precision) RETURNS double precision
  LANGUAGE sql IMMUTABLE AS $$ SELECT (10 * m + sum) / (10 + n)::double precision $$;--> statement-breakpoint
CREATE FUNCTION "providers_keep_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
BEGIN
  SELECT "first_name", "last_name", "email_verified_at" INTO u FROM "users" WHERE "id" = NEW."user_id";
  NEW."first_name" := coalesce(u."first_name", '');
  NEW."last_name" := coalesce(u."last_name", '');
  NEW."listed" := NEW."specialty" IS NOT NULL AND u."email_verified_at" IS NOT NULL;
  IF TG_OP = 'INSERT' OR NEW."rating_sum" <> OLD."rating_sum" OR NEW."rating_count" <> OLD."rating_count" THEN
    NEW."rating_score" := provider_rating_score(NEW."rating_sum", NEW."rating_count",
      (SELECT "mean" FROM "rating_prior" WHERE "id" = 1));
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW."rating_sum" <> OLD."rating_sum" OR NEW."rating_count" <> OLD."rating_count") THEN
    NEW."rating_changed_at" := clock_timestamp();
    INSERT INTO "provider_rating_changes" ("provider_id", "changed_at", "old_sum", "old_count")
      VALUES (OLD."id", NEW."rating_changed_at", OLD."rating_sum", OLD."rating_count");
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "providers_listing" BEFORE INSERT OR UPDATE ON "providers"
  FOR EACH ROW EXECUTE FUNCTION "providers_keep_listing"();--> statement-breakpoint
CREATE FUNCTION "users_keep_provider_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "providers" SET "user_id" = "user_id" WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_provider_listing" AFTER UPDATE OF "first_name", "last_name", "email_verified_at" ON "users"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
    OR OLD."email_verified_at" IS DISTINCT FROM NEW."email_verified_at")
  EXECUTE FUNCTION "users_keep_provider_listing"();--> statement-breakpoint
CREATE FUNCTION "services_keep_provider_price"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
BEGIN
  FOR pid IN SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD."provider_id" END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW."provider_id" END]) AS x WHERE x IS NOT NULL LOOP
    UPDATE "providers" p SET "price_from_cents" = s."price_cents", "price_currency" = s."currency"
      FROM (SELECT (SELECT "price_cents" FROM "services" WHERE "provider_id" = pid AND "active"
                    ORDER BY "price_cents", "id" LIMIT 1) AS "price_cents",
                   (SELECT "currency" FROM "services" WHERE "provider_id" = pid AND "active"
                    ORDER BY "price_cents", "id" LIMIT 1) AS "currency") s
      WHERE p."id" = pid AND (p."price_from_cents" IS DISTINCT FROM s."price_cents"
        OR p."price_currency" IS DISTINCT FROM s."currency");
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "services_provider_price" AFTER INSERT OR DELETE OR UPDATE OF "price_cents", "currency", "active", "provider_id" ON "services"
  FOR EACH ROW EXECUTE FUNCTION "services_keep_provider_price"();--> statement-breakpoint
-- Existing rows: the trigger fills names, listed and the score; then the prices and the mean.
UPDATE "providers" SET "user_id" = "user_id";--> statement-breakpoint
UPDATE "providers" p SET "price_from_cents" = s."price_cents", "price_currency" = s."currency"
  FROM (SELECT DISTINCT ON ("provider_id") "provider_id", "price_cents", "currency" FROM "services"
        WHERE "active" ORDER BY "provider_id", "price_cents", "id") s
  WHERE p."id" = s."provider_id";--> statement-breakpoint
UPDATE "rating_prior" SET "mean" = coalesce((SELECT sum("rating_sum")::double precision / nullif(sum("rating_count"), 0) FROM "providers"), 0);--> statement-breakpoint
UPDATE "providers" SET "rating_score" = provider_rating_score("rating_sum", "rating_count", (SELECT "mean" FROM "rating_prior"));--> statement-breakpoint
-- One index per filter or order, each only over listed providers.
CREATE INDEX "providers_listed_name_idx" ON "providers" USING btree ("first_name","last_name","id") WHERE "listed";--> statement-breakpoint
CREATE INDEX "providers_listed_score_idx" ON "providers" USING btree ("rating_score" DESC,"rating_count" DESC,"first_name","last_name","id") WHERE "listed";--> statement-breakpoint
CREATE INDEX "providers_listed_category_name_idx" ON "providers" USING btree ("category","first_name","last_name","id") WHERE "listed";--> statement-breakpoint
CREATE INDEX "providers_listed_category_score_idx" ON "providers" USING btree ("category","rating_score" DESC,"rating_count" DESC,"first_name","last_name","id") WHERE "listed";--> statement-breakpoint
CREATE INDEX "providers_listed_price_idx" ON "providers" USING btree ("price_from_cents","first_name","last_name","id") WHERE "listed";--> statement-breakpoint
CREATE INDEX "providers_listed_rating_changed_idx" ON "providers" USING btree ("rating_changed_at") WHERE "listed";--> statement-breakpoint
CREATE INDEX "providers_search_text_gist" ON "providers" USING gist ("search_text" gist_trgm_ops) WHERE "listed";--> statement-breakpoint
CREATE INDEX "providers_listed_location_gist" ON "providers" USING gist (ll_to_earth("lat", "lng")) WHERE "listed" AND "lat" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "timeslots_free_provider_day_idx" ON "timeslots" USING btree ("provider_id","day","starts_at") WHERE NOT "is_booked";--> statement-breakpoint
CREATE INDEX "timeslots_free_provider_starts_idx" ON "timeslots" USING btree ("provider_id","starts_at") WHERE NOT "is_booked";
