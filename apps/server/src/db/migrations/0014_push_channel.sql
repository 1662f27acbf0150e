-- The push channel (docs/decisions/056-pushed-token-revocation.md): whoever writes the row, its
-- commit is announced on channel slotwise_push, so every instance keeps its local copies current:
--   'r <jti> <expires_at, epoch s>'                      a token was revoked (logout);
--   'g <user_id> <generation> <updated_at, epoch ms>'    an account's sessions were ended (reset);
--   's <timeslot_id>'                                    a booked slot became free (or was deleted).
CREATE FUNCTION "slotwise_push_revocation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'revoked_tokens' THEN
    PERFORM pg_notify('slotwise_push',
      'r ' || NEW.jti::text || ' ' || floor(extract(epoch from NEW.expires_at))::bigint::text);
  ELSE
    PERFORM pg_notify('slotwise_push',
      'g ' || NEW.user_id::text || ' ' || NEW.generation::text || ' '
        || floor(extract(epoch from NEW.updated_at) * 1000)::bigint::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "revoked_tokens_push" AFTER INSERT OR UPDATE ON "revoked_tokens"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_push_revocation"();
--> statement-breakpoint
CREATE TRIGGER "session_generations_push" AFTER INSERT OR UPDATE ON "session_generations"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_push_revocation"();
--> statement-breakpoint
CREATE FUNCTION "slotwise_push_slot_freed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('slotwise_push', 's ' || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "timeslots_freed_push" AFTER UPDATE OF "is_booked" ON "timeslots"
  FOR EACH ROW WHEN (OLD.is_booked AND NOT NEW.is_booked)
  EXECUTE FUNCTION "slotwise_push_slot_freed"();
--> statement-breakpoint
CREATE TRIGGER "timeslots_deleted_push" AFTER DELETE ON "timeslots"
  FOR EACH ROW WHEN (OLD.is_booked)
  EXECUTE FUNCTION "slotwise_push_slot_freed"();
