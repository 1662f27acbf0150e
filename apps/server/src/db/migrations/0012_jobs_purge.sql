-- The daily purge of finished jobs (docs/decisions/042-job-queue.md) deletes done, canceled and
-- failed jobs oldest first, in bounded batches: this index keeps each batch a short range scan.
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" in ('done', 'failed', 'canceled');
