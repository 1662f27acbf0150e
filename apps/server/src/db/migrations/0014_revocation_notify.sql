-- Pushed token revocation (docs/decisions/056-pushed-token-revocation.md): every row written to
-- revoked_tokens or session_generations is announced on channel slotwise_revocations when its
-- transaction commits, whoever wrote it, so each instance keeps its local revocation set current.
-- Payloads: 'r <jti> <expires_at, epoch s>' and 'g <user_id> <generation> <updated_at, epoch ms>'.
CREATE FUNCTION "slotwise_notify_revocation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'revoked_tokens' THEN
    PERFORM pg_notify('slotwise_revocations',
      'r ' || NEW.jti::text || ' ' || floor(extract(epoch from NEW.expires_at))::bigint::text);
  ELSE
    PERFORM pg_notify('slotwise_revocations',
      'g ' || NEW.user_id::text || ' ' || NEW.generation::text || ' '
        || floor(extract(epoch from NEW.updated_at) * 1000)::bigint::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "revoked_tokens_notify" AFTER INSERT OR UPDATE ON "revoked_tokens"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_notify_revocation"();
--> statement-breakpoint
CREATE TRIGGER "session_generations_notify" AFTER INSERT OR UPDATE ON "session_generations"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_notify_revocation"();
