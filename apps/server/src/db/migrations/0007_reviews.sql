-- Trust (docs/decisions/045-reviews-and-ratings.md): the stored `no_show` outcome, verified
-- reviews (one per appointment, enforced here), and each provider's rating sum and count kept
-- current by a trigger, so no page ever recounts reviews.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check"
  CHECK ("appointments"."status" in ('booked', 'canceled', 'completed', 'no_show'));
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"reply_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_comment_length" CHECK (char_length("reviews"."comment") <= 2000),
	CONSTRAINT "reviews_reply_length" CHECK ("reviews"."reply" is null or char_length("reviews"."reply") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_appointment" ON "reviews" USING btree ("appointment_id");
--> statement-breakpoint
CREATE INDEX "reviews_provider_created_idx" ON "reviews" USING btree ("provider_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "reviews_client_idx" ON "reviews" USING btree ("client_id");
--> statement-breakpoint
CREATE FUNCTION "reviews_keep_provider_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    UPDATE "providers" SET "rating_sum" = "rating_sum" + NEW."rating", "rating_count" = "rating_count" + 1
      WHERE "id" = NEW."provider_id";
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE "providers" SET "rating_sum" = "rating_sum" - OLD."rating", "rating_count" = "rating_count" - 1
      WHERE "id" = OLD."provider_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_provider_rating" AFTER INSERT OR DELETE OR UPDATE OF "rating", "provider_id" ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reviews_keep_provider_rating"();
