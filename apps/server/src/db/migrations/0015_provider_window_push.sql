-- Invalidations of the per-provider response cache (docs/decisions/057-provider-window-cache.md)
-- on channel slotwise_push, whoever writes the row:
--   'w <provider_id>'   something the provider's week view or available slots show changed;
--   'w *'               a user's name or zone changed: every cached answer may show it.
-- NOT here: a slot's claim (timeslots.is_booked false -> true, the booking statement and a
-- reschedule's claim). PostgreSQL serialises the commits of transactions that NOTIFY, and the
-- claim is the booking rush's hot path: the appointment change fan-out announces it instead,
-- after commit, from the listening connection, before the answer leaves.
CREATE FUNCTION "slotwise_push_window_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Statement level: a bulk insert or delete (the weekly-hours run, a seed) announces each
  -- provider once. A slot's provider is its row's; a service's and a policy's likewise.
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('slotwise_push', 'w ' || d.provider_id::text)
      FROM (SELECT DISTINCT provider_id FROM old_rows) d;
  ELSE
    PERFORM pg_notify('slotwise_push', 'w ' || d.provider_id::text)
      FROM (SELECT DISTINCT provider_id FROM new_rows) d;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "slotwise_push_window_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('slotwise_push', 'w *');
  ELSIF TG_TABLE_NAME = 'providers' THEN
    PERFORM pg_notify('slotwise_push', 'w ' || NEW.id::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('slotwise_push', 'w ' || OLD.provider_id::text);
  ELSE
    PERFORM pg_notify('slotwise_push', 'w ' || NEW.provider_id::text);
    IF TG_OP = 'UPDATE' AND OLD.provider_id IS DISTINCT FROM NEW.provider_id THEN
      PERFORM pg_notify('slotwise_push', 'w ' || OLD.provider_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "timeslots_window_insert_push" AFTER INSERT ON "timeslots"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_push_window_rows"();
--> statement-breakpoint
CREATE TRIGGER "timeslots_window_delete_push" AFTER DELETE ON "timeslots"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_push_window_rows"();
--> statement-breakpoint
-- Any edit of a slot but its claim (see above): times, type, service, freeing.
CREATE TRIGGER "timeslots_window_update_push" AFTER UPDATE ON "timeslots"
  FOR EACH ROW WHEN (OLD.is_booked OR NOT NEW.is_booked)
  EXECUTE FUNCTION "slotwise_push_window_row"();
--> statement-breakpoint
-- Cancel, complete, no-show, reschedule: the view names only a booked appointment's client, and
-- the policy's daily cap and buffer count the provider's active appointments. Inserted only by
-- the booking statement (announced by the fan-out with its claim).
-- WHEN, not UPDATE OF: a column changed by a BEFORE trigger is not in the statement's SET list.
CREATE TRIGGER "appointments_window_update_push" AFTER UPDATE ON "appointments"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.timeslot_id IS DISTINCT FROM NEW.timeslot_id OR OLD.provider_id IS DISTINCT FROM NEW.provider_id
    OR OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.day IS DISTINCT FROM NEW.day
    OR OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at)
  EXECUTE FUNCTION "slotwise_push_window_row"();
--> statement-breakpoint
CREATE TRIGGER "appointments_window_delete_push" AFTER DELETE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_push_window_row"();
--> statement-breakpoint
-- A slot's price and currency are its service's.
CREATE TRIGGER "services_window_insert_push" AFTER INSERT ON "services"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_push_window_rows"();
--> statement-breakpoint
CREATE TRIGGER "services_window_update_push" AFTER UPDATE ON "services"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_push_window_row"();
--> statement-breakpoint
CREATE TRIGGER "services_window_delete_push" AFTER DELETE ON "services"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_push_window_row"();
--> statement-breakpoint
CREATE TRIGGER "booking_policies_window_push" AFTER INSERT OR UPDATE OR DELETE ON "booking_policies"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_push_window_row"();
--> statement-breakpoint
-- Unlisted (or listed) providers have no (or again) available slots. `listed` is set by the
-- providers_listing BEFORE trigger (0011: specialty, the user's verified email), hence WHEN.
CREATE TRIGGER "providers_window_push" AFTER UPDATE ON "providers"
  FOR EACH ROW WHEN (OLD.listed IS DISTINCT FROM NEW.listed OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION "slotwise_push_window_row"();
--> statement-breakpoint
-- Client names appear in any provider's week; the provider's zone defines "today".
CREATE TRIGGER "users_window_push" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION "slotwise_push_window_row"();
