-- Payments and no-show protection (docs/decisions/068-payments.md).
-- A service takes nothing, a deposit, the full price, or a card kept on file.
ALTER TABLE "services" ADD COLUMN "payment_mode" text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deposit_cents" integer;
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_payment_mode_check"
  CHECK ("payment_mode" IN ('none', 'deposit', 'prepay', 'card_on_file'));
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_deposit_check"
  CHECK (("payment_mode" <> 'deposit' OR "deposit_cents" IS NOT NULL)
    AND ("deposit_cents" IS NULL OR "deposit_cents" BETWEEN 1 AND 10000000));
--> statement-breakpoint
-- The provider's fees: tiers of [{hoursBefore, percent}] and the no-show percent.
ALTER TABLE "booking_policies" ADD COLUMN "cancellation_fees" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "booking_policies" ADD COLUMN "no_show_fee_percent" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "booking_policies" ADD CONSTRAINT "booking_policies_no_show_fee_check"
  CHECK ("no_show_fee_percent" BETWEEN 0 AND 100);
--> statement-breakpoint
-- An appointment waits in 'pending_payment' holding its seat; unpaid in time it is 'expired'.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check"
  CHECK ("status" IN ('booked', 'canceled', 'completed', 'no_show', 'pending_payment', 'expired'));
--> statement-breakpoint
-- A held seat is a seat: one per client and slot, whether paid yet or not.
DROP INDEX "appointments_one_seat_per_client";
--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_seat_per_client" ON "appointments" USING btree ("timeslot_id", "client_id") WHERE "appointments"."status" IN ('booked', 'pending_payment');
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_resource_no_overlap";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_resource_no_overlap"
  EXCLUDE USING gist ("resource_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" IN ('booked', 'pending_payment') AND "resource_id" IS NOT NULL);
--> statement-breakpoint
-- One payment per appointment: what is due, what was paid, refunded and kept, and the terms
-- (fee tiers, no-show fee) agreed when it was booked.
CREATE TABLE "payments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "appointment_id" uuid NOT NULL REFERENCES "appointments"("id") ON DELETE CASCADE,
  "provider_id" uuid NOT NULL,
  "client_id" uuid,
  "mode" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "amount_cents" integer NOT NULL,
  "price_cents" integer NOT NULL,
  "currency" text NOT NULL,
  "refunded_cents" integer DEFAULT 0 NOT NULL,
  "fee_cents" integer DEFAULT 0 NOT NULL,
  "cancellation_fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "no_show_fee_percent" smallint DEFAULT 0 NOT NULL,
  "gateway" text DEFAULT 'test' NOT NULL,
  "gateway_ref" text,
  "gateway_method" text,
  "checkout_url" text,
  "expires_at" timestamp with time zone NOT NULL,
  "paid_at" timestamp with time zone,
  "settled_at" timestamp with time zone,
  "settled_as" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payments_mode_check" CHECK ("mode" IN ('deposit', 'prepay', 'card_on_file')),
  CONSTRAINT "payments_status_check" CHECK ("status" IN ('pending', 'paid', 'expired')),
  CONSTRAINT "payments_amounts_check" CHECK ("amount_cents" >= 0 AND "price_cents" >= 0
    AND "refunded_cents" BETWEEN 0 AND "amount_cents" AND "fee_cents" >= 0),
  CONSTRAINT "payments_settled_as_check"
    CHECK ("settled_as" IS NULL OR "settled_as" IN ('canceled', 'no_show', 'provider_canceled', 'late'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_appointment_idx" ON "payments" USING btree ("appointment_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref_idx" ON "payments" USING btree ("gateway", "gateway_ref") WHERE "gateway_ref" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "payments_pending_expiry_idx" ON "payments" USING btree ("expires_at") WHERE "status" = 'pending';
--> statement-breakpoint
-- Every movement of money, from the provider's side (+ in, − out); rows are never changed or
-- removed (the trigger below), and `idempotency_key` makes each movement happen once.
CREATE TABLE "ledger_entries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "payment_id" uuid NOT NULL,
  "appointment_id" uuid,
  "provider_id" uuid NOT NULL,
  "client_id" uuid,
  "kind" text NOT NULL,
  "amount_cents" integer NOT NULL,
  "currency" text NOT NULL,
  "idempotency_key" text NOT NULL,
  "gateway_ref" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "ledger_entries_kind_check" CHECK ("kind" IN ('charge', 'refund', 'fee', 'platform_fee'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_idx" ON "ledger_entries" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "ledger_entries_provider_created_idx" ON "ledger_entries" USING btree ("provider_id", "created_at");
--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");
--> statement-breakpoint
-- Append-only: the one change allowed is forgetting the client (an erased account).
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."client_id" IS NULL AND NEW."id" = OLD."id"
     AND NEW."payment_id" = OLD."payment_id" AND NEW."provider_id" = OLD."provider_id"
     AND NEW."kind" = OLD."kind" AND NEW."amount_cents" = OLD."amount_cents"
     AND NEW."currency" = OLD."currency" AND NEW."idempotency_key" = OLD."idempotency_key"
     AND NEW."created_at" = OLD."created_at" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger_entries are append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
-- Stripe webhooks processed once: a replayed event id changes nothing.
CREATE TABLE "payment_webhook_events" (
  "event_id" text PRIMARY KEY NOT NULL,
  "type" text NOT NULL,
  "received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Stripe Connect accounts of providers and Stripe customers of clients.
CREATE TABLE "payment_accounts" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "stripe_account_id" text,
  "stripe_customer_id" text,
  "charges_enabled" boolean DEFAULT false NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
