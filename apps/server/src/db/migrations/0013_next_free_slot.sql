-- The soonest order of public discovery (docs/decisions/055-discovery-soonest.md):
-- providers.next_free_starts_at is a LOWER BOUND of the start of the provider's next bookable
-- slot, kept by statement-level triggers on timeslots (every path — bookings, cancellations,
-- slot edits, availability generation, seeds, SQL fixes — goes through is_booked/starts_at on
-- timeslots, so triggers there see them all; appointments only ever flip is_booked).
--
-- Invariant: no free (not is_booked) slot of the provider starts after the time the value was
-- computed and before the value; null: none at all. It ignores booking policies (they only
-- refuse slots) and time passing makes it stale (<= now()) but never wrong: a reader verifies
-- each candidate's real next slot. Adding a free slot lowers it; removing the slot that was the
-- minimum recomputes it under the provider row's lock (FOR NO KEY UPDATE SKIP LOCKED: when
-- another transaction holds the row, the old value is kept, a lower bound still). Adders take
-- FOR SHARE on the row first, so a recompute — a fresh statement after its lock — sees every
-- committed added slot, and a slot added concurrently lowers the value after it (FOR SHARE, not
-- the foreign keys' KEY SHARE: appointments' inserts must not wait for a recompute).
-- refresh_stale_next_free() recomputes stale values.
ALTER TABLE "providers" ADD COLUMN "next_free_starts_at" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "provider_next_free"("pid" uuid) RETURNS timestamp with time zone
  LANGUAGE sql STABLE AS $$
  SELECT min("starts_at") FROM "timeslots" WHERE "provider_id" = pid AND NOT "is_booked" AND "starts_at" > now()
$$;--> statement-breakpoint
-- Recomputes the providers whose minimum was (maybe) removed; skips a row another transaction holds.
CREATE FUNCTION "providers_recompute_next_free"("pids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
BEGIN
  FOR pid IN SELECT "id" FROM "providers" WHERE "id" = ANY(pids) ORDER BY "id" FOR NO KEY UPDATE SKIP LOCKED LOOP
    UPDATE "providers" SET "next_free_starts_at" = provider_next_free(pid)
      WHERE "id" = pid AND "next_free_starts_at" IS DISTINCT FROM provider_next_free(pid);
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "timeslots_keep_next_free"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed uuid[];
  added uuid[];
BEGIN
  -- Free slots that stopped being free (booked, deleted, moved): their provider's minimum may
  -- have gone, when the stored value is not below the removed start.
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(r."provider_id" ORDER BY r."provider_id") INTO removed
      FROM (SELECT "provider_id", min("starts_at") AS "s" FROM old_rows WHERE NOT "is_booked" GROUP BY "provider_id") r
      JOIN "providers" p ON p."id" = r."provider_id" WHERE p."next_free_starts_at" >= r."s";
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(r."provider_id" ORDER BY r."provider_id") INTO removed
      FROM (SELECT o."provider_id", min(o."starts_at") AS "s" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
            WHERE NOT o."is_booked" AND (n."is_booked" OR n."starts_at" <> o."starts_at" OR n."provider_id" <> o."provider_id")
            GROUP BY o."provider_id") r
      JOIN "providers" p ON p."id" = r."provider_id" WHERE p."next_free_starts_at" >= r."s";
  END IF;
  IF removed IS NOT NULL THEN
    PERFORM providers_recompute_next_free(removed);
  END IF;
  -- Free future slots that appeared (created, canceled, moved): lower the value.
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT n."provider_id") INTO added FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE NOT n."is_booked" AND n."starts_at" > now()
        AND (o."is_booked" OR n."starts_at" <> o."starts_at" OR n."provider_id" <> o."provider_id");
    IF added IS NOT NULL THEN
      PERFORM 1 FROM "providers" WHERE "id" = ANY(added) ORDER BY "id" FOR SHARE;
      UPDATE "providers" p SET "next_free_starts_at" = a."s"
        FROM (SELECT n."provider_id", min(n."starts_at") AS "s" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
              WHERE NOT n."is_booked" AND n."starts_at" > now()
                AND (o."is_booked" OR n."starts_at" <> o."starts_at" OR n."provider_id" <> o."provider_id")
              GROUP BY n."provider_id") a
        WHERE p."id" = a."provider_id" AND (p."next_free_starts_at" IS NULL OR p."next_free_starts_at" > a."s");
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "provider_id") INTO added FROM new_rows WHERE NOT "is_booked" AND "starts_at" > now();
    IF added IS NULL THEN
      RETURN NULL;
    END IF;
    PERFORM 1 FROM "providers" WHERE "id" = ANY(added) ORDER BY "id" FOR SHARE;
    UPDATE "providers" p SET "next_free_starts_at" = a."s"
      FROM (SELECT "provider_id", min("starts_at") AS "s" FROM new_rows
            WHERE NOT "is_booked" AND "starts_at" > now() GROUP BY "provider_id") a
      WHERE p."id" = a."provider_id" AND (p."next_free_starts_at" IS NULL OR p."next_free_starts_at" > a."s");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Transition tables need one trigger per event.
CREATE TRIGGER "timeslots_next_free_insert" AFTER INSERT ON "timeslots" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "timeslots_keep_next_free"();--> statement-breakpoint
CREATE TRIGGER "timeslots_next_free_update" AFTER UPDATE ON "timeslots" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "timeslots_keep_next_free"();--> statement-breakpoint
CREATE TRIGGER "timeslots_next_free_delete" AFTER DELETE ON "timeslots" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "timeslots_keep_next_free"();--> statement-breakpoint
-- Time passing: values at or before now() are recomputed (listed providers, oldest first, at
-- most `max`, skipping rows others hold). Discovery calls it now and then (discovery-soonest.ts).
CREATE FUNCTION "refresh_stale_next_free"("max" integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  n integer := 0;
BEGIN
  FOR pid IN SELECT "id" FROM "providers" WHERE "listed" AND "next_free_starts_at" <= now()
      ORDER BY "next_free_starts_at" LIMIT max FOR NO KEY UPDATE SKIP LOCKED LOOP
    UPDATE "providers" SET "next_free_starts_at" = provider_next_free(pid) WHERE "id" = pid;
    n := n + 1;
  END LOOP;
  RETURN n;
END;
$$;--> statement-breakpoint
UPDATE "providers" p SET "next_free_starts_at" = provider_next_free(p."id");--> statement-breakpoint
-- The soonest walk reads candidates in (bound, name, id) order, alone or within a category.
CREATE INDEX "providers_listed_next_free_idx" ON "providers" USING btree ("next_free_starts_at","first_name","last_name","id") WHERE "listed" AND "next_free_starts_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "providers_listed_category_next_free_idx" ON "providers" USING btree ("category","next_free_starts_at","first_name","last_name","id") WHERE "listed" AND "next_free_starts_at" IS NOT NULL;
