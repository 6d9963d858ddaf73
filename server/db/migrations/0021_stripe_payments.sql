-- expands: "payment_records_method_check" — the same check with 'oxxo' added: every method the previous release writes still passes.
CREATE TABLE "stripe_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"instalment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_intent" text,
	"oxxo_number" text,
	"oxxo_expires_at" timestamp with time zone,
	"oxxo_voucher_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stripe_checkouts_status_check" CHECK ("stripe_checkouts"."status" in ('open','paid','failed','expired'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_records" DROP CONSTRAINT "payment_records_method_check";--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "stripe_payment_intent" text;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_checkouts" ADD CONSTRAINT "stripe_checkouts_instalment_id_payment_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."payment_instalments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_checkouts_session_idx" ON "stripe_checkouts" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "stripe_checkouts_instalment_idx" ON "stripe_checkouts" USING btree ("instalment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_records_stripe_payment_intent_idx" ON "payment_records" USING btree ("stripe_payment_intent");--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_method_check" CHECK ("payment_records"."method" in ('spei', 'cash', 'card', 'oxxo', 'other'));