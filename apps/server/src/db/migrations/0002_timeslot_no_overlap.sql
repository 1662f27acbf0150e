-- A provider's slots never overlap, whatever the code does: half-open ranges, so
-- 09:00-09:30 and 09:30-10:00 touch without overlapping.
ALTER TABLE "timeslots" ADD CONSTRAINT "timeslots_no_overlap"
  EXCLUDE USING gist ("provider_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);
