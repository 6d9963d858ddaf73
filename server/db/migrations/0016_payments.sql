CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instalment_id" uuid NOT NULL,
	"payment_id" bigint,
	"from_state" text,
	"to_state" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"folio" text NOT NULL,
	"spei_reference" text NOT NULL,
	"request_id" uuid,
	"proposal_id" uuid,
	"position" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"due" jsonb NOT NULL,
	"due_status" text,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_instalments_state_check" CHECK ("payment_instalments"."state" in ('scheduled', 'due', 'partlyPaid', 'paid', 'void', 'refunded')),
	CONSTRAINT "payment_instalments_amounts_check" CHECK ("payment_instalments"."amount" > 0 and "payment_instalments"."paid" >= 0 and "payment_instalments"."paid" <= "payment_instalments"."amount")
);
--> statement-breakpoint
CREATE TABLE "payment_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid,
	"amount" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"applied" jsonb NOT NULL,
	"credit" bigint NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retain_until" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_records_amount_check" CHECK ("payment_records"."amount" > 0 and "payment_records"."credit" >= 0 and "payment_records"."credit" <= "payment_records"."amount"),
	CONSTRAINT "payment_records_method_check" CHECK ("payment_records"."method" in ('spei', 'cash', 'card', 'other'))
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "payment_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_instalment_id_payment_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."payment_instalments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payment_records_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD CONSTRAINT "payment_instalments_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD CONSTRAINT "payment_instalments_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_instalment_idx" ON "payment_events" USING btree ("instalment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instalments_number_idx" ON "payment_instalments" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instalments_folio_idx" ON "payment_instalments" USING btree ("folio");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instalments_reference_idx" ON "payment_instalments" USING btree ("spei_reference");--> statement-breakpoint
CREATE INDEX "payment_instalments_request_idx" ON "payment_instalments" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "payment_instalments_due_date_idx" ON "payment_instalments" USING btree ("due_date") WHERE "payment_instalments"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "payment_records_request_idx" ON "payment_records" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_records_retain_idx" ON "payment_records" USING btree ("retain_until");