-- pg_trgm serves provider search; btree_gist lets one exclusion constraint mix "=" on
-- provider_id with "&&" on a time range (no overlapping slots per provider).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
