-- At most one pending message digest per conversation and recipient (docs/decisions/043-messages.md):
-- sending a message enqueues one with ON CONFLICT DO NOTHING. Other job kinds are not affected.
CREATE UNIQUE INDEX "jobs_pending_digest_key" ON "jobs" ("key") WHERE "status" = 'pending' AND "kind" = 'email.message-digest';
