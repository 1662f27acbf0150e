-- The job worker's lanes and turns (docs/decisions/083-background-work-under-load.md): each
-- kind's due jobs, oldest first, found without walking another kind's backlog, and the kinds in
-- the queue listed by a skip scan (one probe per kind).
CREATE INDEX "jobs_kind_due_idx" ON "jobs" USING btree ("kind","run_at") WHERE "status" in ('pending', 'running');
