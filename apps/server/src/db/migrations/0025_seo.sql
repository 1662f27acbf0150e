-- Search engine pages (docs/decisions/075-search-engine-pages.md): when a provider's or a
-- business's public page last changed (the sitemap's lastmod), and the announcements that drop
-- the cached page on every instance, on the channel and with the payload of 0015 ('w <provider>',
-- docs/decisions/057-provider-window-cache.md). 0015 already announces slots, appointments,
-- services (any change), booking policies, the listing and users' names; this adds what only the
-- page shows: the profile, the rating, the picture and the business.
ALTER TABLE "providers" ADD COLUMN "page_changed_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "page_changed_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- After providers_listing (BEFORE triggers fire by name): the listing and the names it copies
-- are final here. A write that sets page_changed_at itself (a service, a picture) keeps its value.
CREATE FUNCTION "providers_keep_page_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."specialty" IS DISTINCT FROM NEW."specialty" OR OLD."bio" IS DISTINCT FROM NEW."bio"
    OR OLD."category" IS DISTINCT FROM NEW."category" OR OLD."place_id" IS DISTINCT FROM NEW."place_id"
    OR OLD."place_name" IS DISTINCT FROM NEW."place_name" OR OLD."place_region" IS DISTINCT FROM NEW."place_region"
    OR OLD."place_country" IS DISTINCT FROM NEW."place_country" OR OLD."address" IS DISTINCT FROM NEW."address"
    OR OLD."lat" IS DISTINCT FROM NEW."lat" OR OLD."lng" IS DISTINCT FROM NEW."lng"
    OR OLD."service_mode" IS DISTINCT FROM NEW."service_mode" OR OLD."radius_km" IS DISTINCT FROM NEW."radius_km"
    OR OLD."rating_sum" IS DISTINCT FROM NEW."rating_sum" OR OLD."rating_count" IS DISTINCT FROM NEW."rating_count"
    OR OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
    OR OLD."listed" IS DISTINCT FROM NEW."listed" OR OLD."suspended_at" IS DISTINCT FROM NEW."suspended_at" THEN
    NEW."page_changed_at" := clock_timestamp();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "providers_page_changed" BEFORE UPDATE ON "providers"
  FOR EACH ROW EXECUTE FUNCTION "providers_keep_page_changed"();
--> statement-breakpoint
-- Every change of the page announces the provider (slotwise_push_window_row: 'w ' || NEW.id).
CREATE TRIGGER "providers_page_push" AFTER UPDATE ON "providers"
  FOR EACH ROW WHEN (OLD."page_changed_at" IS DISTINCT FROM NEW."page_changed_at")
  EXECUTE FUNCTION "slotwise_push_window_row"();
--> statement-breakpoint
-- A service's name, description, duration, price or activity is on the page.
CREATE FUNCTION "services_touch_provider_page"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "providers" SET "page_changed_at" = clock_timestamp()
    WHERE "id" IN (SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD."provider_id" END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW."provider_id" END]) AS x WHERE x IS NOT NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "services_provider_page" AFTER INSERT OR UPDATE OR DELETE ON "services"
  FOR EACH ROW EXECUTE FUNCTION "services_touch_provider_page"();
--> statement-breakpoint
-- The picture is the user's (0015 announces names and zone to everyone, 'w *').
CREATE FUNCTION "users_touch_provider_page"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "providers" SET "page_changed_at" = clock_timestamp() WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_provider_page" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD."profile_image_id" IS DISTINCT FROM NEW."profile_image_id")
  EXECUTE FUNCTION "users_touch_provider_page"();
--> statement-breakpoint
-- A business's name is on its page and on each staff member's: every one of them is announced.
CREATE FUNCTION "businesses_keep_page_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."page_changed_at" := clock_timestamp();
  PERFORM pg_notify('slotwise_push', 'w ' || s."provider_id"::text)
    FROM "business_staff" s WHERE s."business_id" = NEW."id";
  PERFORM pg_notify('slotwise_push', 'w ' || NEW."owner_provider_id"::text);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "businesses_page_changed" BEFORE UPDATE ON "businesses"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "businesses_keep_page_changed"();
--> statement-breakpoint
-- Joining or leaving changes the business's page (announced by its owner, whose id every cached
-- business page is kept under) and the member's own (which names the business).
CREATE FUNCTION "business_staff_touch_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row record;
  owner uuid;
BEGIN
  row := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  UPDATE "businesses" SET "page_changed_at" = clock_timestamp() WHERE "id" = row."business_id"
    RETURNING "owner_provider_id" INTO owner;
  PERFORM pg_notify('slotwise_push', 'w ' || row."provider_id"::text);
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('slotwise_push', 'w ' || owner::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "business_staff_page_changed" AFTER INSERT OR DELETE ON "business_staff"
  FOR EACH ROW EXECUTE FUNCTION "business_staff_touch_pages"();
