-- Operating the marketplace (docs/decisions/072-operating-the-marketplace.md): the operator role,
-- reports and their resolution, suspended providers and hidden reviews, the append-only audit
-- log, erased accounts, and the marketplace figures kept per day as bookings change.
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" in ('client', 'provider', 'admin'));
--> statement-breakpoint
-- Set when the person deleted their account: names, email, picture erased; sign-in impossible.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
-- The operator's note, which the provider was mailed as the reason.
ALTER TABLE "providers" ADD COLUMN "suspension_note" text;
--> statement-breakpoint
-- A hidden review is kept (never deleted) but shown nowhere public and left out of the rating.
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
-- listed (0011) now also needs: not suspended, and the account not erased.
CREATE OR REPLACE FUNCTION "providers_keep_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
BEGIN
  SELECT "first_name", "last_name", "email_verified_at", "deleted_at" INTO u FROM "users" WHERE "id" = NEW."user_id";
  NEW."first_name" := coalesce(u."first_name", '');
  NEW."last_name" := coalesce(u."last_name", '');
  NEW."listed" := NEW."specialty" IS NOT NULL AND u."email_verified_at" IS NOT NULL
    AND u."deleted_at" IS NULL AND NEW."suspended_at" IS NULL;
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
$$;
--> statement-breakpoint
DROP TRIGGER "users_provider_listing" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_provider_listing" AFTER UPDATE OF "first_name", "last_name", "email_verified_at", "deleted_at" ON "users"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
    OR OLD."email_verified_at" IS DISTINCT FROM NEW."email_verified_at" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at")
  EXECUTE FUNCTION "users_keep_provider_listing"();
--> statement-breakpoint
-- The rating (0007) counts visible reviews only: hiding one takes it out, showing it puts it back.
CREATE OR REPLACE FUNCTION "reviews_keep_provider_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' OR TG_OP = 'UPDATE') AND NEW."hidden_at" IS NULL THEN
    UPDATE "providers" SET "rating_sum" = "rating_sum" + NEW."rating", "rating_count" = "rating_count" + 1
      WHERE "id" = NEW."provider_id";
  END IF;
  IF (TG_OP = 'DELETE' OR TG_OP = 'UPDATE') AND OLD."hidden_at" IS NULL THEN
    UPDATE "providers" SET "rating_sum" = "rating_sum" - OLD."rating", "rating_count" = "rating_count" - 1
      WHERE "id" = OLD."provider_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "reviews_provider_rating" ON "reviews";
--> statement-breakpoint
CREATE TRIGGER "reviews_provider_rating" AFTER INSERT OR DELETE OR UPDATE OF "rating", "provider_id", "hidden_at" ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reviews_keep_provider_rating"();
--> statement-breakpoint
CREATE TABLE "reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "reporter_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "target_id" uuid NOT NULL,
  -- The provider concerned (the reviewed one, the reported one, the message's provider side).
  "provider_id" uuid REFERENCES "providers"("id") ON DELETE SET NULL,
  "reason" text NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "action" text,
  "resolved_by" uuid REFERENCES "users"("id"),
  "resolved_at" timestamp with time zone,
  "resolution_note" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reports_kind_check" CHECK ("kind" IN ('review', 'provider', 'message')),
  CONSTRAINT "reports_status_check" CHECK ("status" IN ('open', 'dismissed', 'actioned')),
  CONSTRAINT "reports_action_check" CHECK ("action" IS NULL OR "action" IN ('dismiss', 'hide_review', 'suspend_provider')),
  CONSTRAINT "reports_reason_length" CHECK (char_length("reason") BETWEEN 1 AND 1000),
  CONSTRAINT "reports_resolved_check" CHECK (("status" = 'open') = ("resolved_at" IS NULL))
);
--> statement-breakpoint
-- One report per person and target, whatever the code does.
CREATE UNIQUE INDEX "reports_one_per_reporter_target" ON "reports" USING btree ("reporter_id", "kind", "target_id");
--> statement-breakpoint
CREATE INDEX "reports_open_queue_idx" ON "reports" USING btree ("created_at", "id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("kind", "target_id");
--> statement-breakpoint
CREATE INDEX "reports_reporter_created_idx" ON "reports" USING btree ("reporter_id", "created_at");
--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at", "id");
--> statement-breakpoint
-- Every operator action: who, when, what, why. Rows are never changed or removed.
CREATE TABLE "admin_audit_log" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "admin_id" uuid NOT NULL REFERENCES "users"("id"),
  "action" text NOT NULL,
  "target_kind" text NOT NULL,
  "target_id" uuid NOT NULL,
  "report_id" uuid,
  "note" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "admin_audit_log_action_check" CHECK ("action" IN ('dismiss_report', 'hide_review', 'unhide_review', 'suspend_provider', 'reinstate_provider')),
  CONSTRAINT "admin_audit_log_target_kind_check" CHECK ("target_kind" IN ('report', 'review', 'provider')),
  CONSTRAINT "admin_audit_log_note_check" CHECK (char_length("note") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE FUNCTION "admin_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_append_only" BEFORE UPDATE OR DELETE ON "admin_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "admin_audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_no_truncate" BEFORE TRUNCATE ON "admin_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_log_append_only"();
--> statement-breakpoint
-- The marketplace figures per UTC day a booking was made and currency ('' : no price). Bookings
-- write deltas (insert-only, no row for writers to queue on); marketplace_figures_fold() moves
-- them into the day rows; a read adds the day rows and the few deltas not yet folded.
CREATE TABLE "marketplace_days" (
  "day" date NOT NULL,
  "currency" text DEFAULT '' NOT NULL,
  "bookings" integer DEFAULT 0 NOT NULL,
  "canceled" integer DEFAULT 0 NOT NULL,
  "no_shows" integer DEFAULT 0 NOT NULL,
  "gross_cents" bigint DEFAULT 0 NOT NULL,
  "new_providers" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "marketplace_days_pkey" PRIMARY KEY ("day", "currency")
);
--> statement-breakpoint
CREATE TABLE "marketplace_figure_deltas" (
  "day" date NOT NULL,
  "currency" text DEFAULT '' NOT NULL,
  "bookings" integer DEFAULT 0 NOT NULL,
  "canceled" integer DEFAULT 0 NOT NULL,
  "no_shows" integer DEFAULT 0 NOT NULL,
  "gross_cents" bigint DEFAULT 0 NOT NULL,
  "new_providers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- What one appointment row counts for: a booking once confirmed (pending and expired ones are not
-- bookings), a cancel, a no-show, and its price unless cancelled.
CREATE FUNCTION "marketplace_appointment_deltas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "marketplace_figure_deltas" ("day", "currency", "bookings", "canceled", "no_shows", "gross_cents")
      SELECT day, currency, sum(b), sum(c), sum(n), sum(g) FROM (
        SELECT ("created_at" AT TIME ZONE 'UTC')::date AS day, coalesce("currency", '') AS currency,
          ("status" IN ('booked', 'completed', 'no_show', 'canceled'))::int AS b, ("status" = 'canceled')::int AS c,
          ("status" = 'no_show')::int AS n,
          CASE WHEN "status" IN ('booked', 'completed', 'no_show') THEN coalesce("price_cents", 0) ELSE 0 END AS g
        FROM new_rows) x
      GROUP BY day, currency HAVING sum(b) <> 0 OR sum(c) <> 0 OR sum(n) <> 0 OR sum(g) <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "marketplace_figure_deltas" ("day", "currency", "bookings", "canceled", "no_shows", "gross_cents")
      SELECT day, currency, sum(b), sum(c), sum(n), sum(g) FROM (
        SELECT ("created_at" AT TIME ZONE 'UTC')::date AS day, coalesce("currency", '') AS currency,
          ("status" IN ('booked', 'completed', 'no_show', 'canceled'))::int AS b, ("status" = 'canceled')::int AS c,
          ("status" = 'no_show')::int AS n,
          CASE WHEN "status" IN ('booked', 'completed', 'no_show') THEN coalesce("price_cents", 0) ELSE 0 END AS g
        FROM new_rows
        UNION ALL
        SELECT ("created_at" AT TIME ZONE 'UTC')::date, coalesce("currency", ''),
          -("status" IN ('booked', 'completed', 'no_show', 'canceled'))::int, -("status" = 'canceled')::int,
          -("status" = 'no_show')::int,
          -(CASE WHEN "status" IN ('booked', 'completed', 'no_show') THEN coalesce("price_cents", 0) ELSE 0 END)
        FROM old_rows) x
      GROUP BY day, currency HAVING sum(b) <> 0 OR sum(c) <> 0 OR sum(n) <> 0 OR sum(g) <> 0;
  ELSE
    INSERT INTO "marketplace_figure_deltas" ("day", "currency", "bookings", "canceled", "no_shows", "gross_cents")
      SELECT day, currency, sum(b), sum(c), sum(n), sum(g) FROM (
        SELECT ("created_at" AT TIME ZONE 'UTC')::date AS day, coalesce("currency", '') AS currency,
          -("status" IN ('booked', 'completed', 'no_show', 'canceled'))::int AS b, -("status" = 'canceled')::int AS c,
          -("status" = 'no_show')::int AS n,
          -(CASE WHEN "status" IN ('booked', 'completed', 'no_show') THEN coalesce("price_cents", 0) ELSE 0 END) AS g
        FROM old_rows) x
      GROUP BY day, currency HAVING sum(b) <> 0 OR sum(c) <> 0 OR sum(n) <> 0 OR sum(g) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Statement triggers with transition tables: one insert per statement, however many rows a
-- batched claim books (docs/decisions/062-rush-shared-statements.md).
CREATE TRIGGER "appointments_figures_insert" AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_appointment_deltas"();
--> statement-breakpoint
CREATE TRIGGER "appointments_figures_update" AFTER UPDATE ON "appointments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_appointment_deltas"();
--> statement-breakpoint
CREATE TRIGGER "appointments_figures_delete" AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_appointment_deltas"();
--> statement-breakpoint
CREATE FUNCTION "marketplace_provider_deltas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "marketplace_figure_deltas" ("day", "new_providers")
    SELECT ("created_at" AT TIME ZONE 'UTC')::date AS day, count(*) FROM new_rows GROUP BY 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "providers_figures_insert" AFTER INSERT ON "providers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_provider_deltas"();
--> statement-breakpoint
-- Moves every delta into its day row; concurrent folds each take distinct rows.
CREATE FUNCTION "marketplace_figures_fold"() RETURNS integer LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM "marketplace_figure_deltas" RETURNING *),
  summed AS (
    SELECT "day", "currency", sum("bookings")::int AS bookings, sum("canceled")::int AS canceled,
      sum("no_shows")::int AS no_shows, sum("gross_cents")::bigint AS gross_cents,
      sum("new_providers")::int AS new_providers, count(*) AS n
    FROM moved GROUP BY "day", "currency"),
  upserted AS (
    INSERT INTO "marketplace_days" ("day", "currency", "bookings", "canceled", "no_shows", "gross_cents", "new_providers")
      SELECT "day", "currency", bookings, canceled, no_shows, gross_cents, new_providers FROM summed
    ON CONFLICT ("day", "currency") DO UPDATE SET
      "bookings" = "marketplace_days"."bookings" + excluded."bookings",
      "canceled" = "marketplace_days"."canceled" + excluded."canceled",
      "no_shows" = "marketplace_days"."no_shows" + excluded."no_shows",
      "gross_cents" = "marketplace_days"."gross_cents" + excluded."gross_cents",
      "new_providers" = "marketplace_days"."new_providers" + excluded."new_providers"
    RETURNING 1)
  -- A data-modifying WITH runs to completion whether or not it is read.
  SELECT coalesce((SELECT sum(n)::int FROM summed), 0);
$$;
--> statement-breakpoint
-- What exists already becomes day rows.
INSERT INTO "marketplace_days" ("day", "currency", "bookings", "canceled", "no_shows", "gross_cents")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, coalesce("currency", ''),
    count(*) FILTER (WHERE "status" IN ('booked', 'completed', 'no_show', 'canceled')),
    count(*) FILTER (WHERE "status" = 'canceled'),
    count(*) FILTER (WHERE "status" = 'no_show'),
    coalesce(sum("price_cents") FILTER (WHERE "status" IN ('booked', 'completed', 'no_show')), 0)
  FROM "appointments" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "marketplace_days" ("day", "currency", "new_providers")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, '', count(*) FROM "providers" GROUP BY 1
  ON CONFLICT ("day", "currency") DO UPDATE SET "new_providers" = excluded."new_providers";
