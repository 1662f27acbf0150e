-- Booking policies per provider and the cancellation cut-off each appointment was booked under (docs/decisions/047-booking-policies.md).
CREATE TABLE "booking_policies" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"min_notice_minutes" integer DEFAULT 0 NOT NULL,
	"max_advance_days" integer DEFAULT 90 NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"max_per_day" integer,
	"cancel_cutoff_minutes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_policies_min_notice_check" CHECK ("booking_policies"."min_notice_minutes" between 0 and 43200),
	CONSTRAINT "booking_policies_max_advance_check" CHECK ("booking_policies"."max_advance_days" between 1 and 730),
	CONSTRAINT "booking_policies_buffer_check" CHECK ("booking_policies"."buffer_minutes" between 0 and 240),
	CONSTRAINT "booking_policies_max_per_day_check" CHECK ("booking_policies"."max_per_day" is null or "booking_policies"."max_per_day" between 1 and 100),
	CONSTRAINT "booking_policies_cancel_cutoff_check" CHECK ("booking_policies"."cancel_cutoff_minutes" between 0 and 20160)
);
--> statement-breakpoint
ALTER TABLE "booking_policies" ADD CONSTRAINT "booking_policies_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancel_cutoff_minutes" integer DEFAULT 0 NOT NULL;
