-- Weekly hours, time off and the daily run that keeps the horizon filled (docs/decisions/040-weekly-hours-and-time-off.md).
ALTER TABLE "timeslots" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;
--> statement-breakpoint
ALTER TABLE "timeslots" ADD CONSTRAINT "timeslots_source_check" CHECK ("timeslots"."source" in ('manual', 'weekly'));
--> statement-breakpoint
CREATE INDEX "timeslots_provider_day_idx" ON "timeslots" USING btree ("provider_id","day","start_time");
--> statement-breakpoint
CREATE TABLE "availability_settings" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"horizon_weeks" integer DEFAULT 4 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_settings_horizon_check" CHECK ("availability_settings"."horizon_weeks" between 1 and 26)
);
--> statement-breakpoint
ALTER TABLE "availability_settings" ADD CONSTRAINT "availability_settings_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "availability_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"service_id" uuid,
	"slot_minutes" integer NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_rules_weekday_check" CHECK ("availability_rules"."weekday" between 1 and 7),
	CONSTRAINT "availability_rules_times_check" CHECK ("availability_rules"."end_time" > "availability_rules"."start_time"),
	CONSTRAINT "availability_rules_slot_check" CHECK ("availability_rules"."slot_minutes" between 15 and 480),
	CONSTRAINT "availability_rules_break_check" CHECK ("availability_rules"."break_minutes" between 0 and 240)
);
--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "availability_rules_provider_idx" ON "availability_rules" USING btree ("provider_id","weekday","start_time");
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_range_check" CHECK ("time_off"."ends_at" > "time_off"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "time_off_provider_starts_idx" ON "time_off" USING btree ("provider_id","starts_at");
--> statement-breakpoint
CREATE TABLE "schedule_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"providers" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL
);
