CREATE TABLE "proposal_acceptances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"proposal_id" uuid,
	"request_id" uuid,
	"user_id" uuid,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"full_name" text NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"content" text NOT NULL,
	"content_sha256" text NOT NULL,
	"total" bigint NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retain_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"proposal_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"by_role" text NOT NULL,
	"by_user_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_events_by_check" CHECK ("proposal_events"."by_role" in ('client', 'agency'))
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"items" jsonb NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"subtotal" bigint NOT NULL,
	"iva_percent" smallint NOT NULL,
	"iva" bigint NOT NULL,
	"total" bigint NOT NULL,
	"valid_until" date NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"content_sha256" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "proposals_state_check" CHECK ("proposals"."state" in ('draft', 'sent', 'accepted', 'declined', 'withdrawn', 'expired', 'superseded')),
	CONSTRAINT "proposals_amounts_check" CHECK ("proposals"."discount" >= 0 and "proposals"."discount" <= "proposals"."subtotal" and "proposals"."total" = "proposals"."subtotal" - "proposals"."discount" + "proposals"."iva")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "proposal_event_id" bigint;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_events" ADD CONSTRAINT "proposal_events_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_events" ADD CONSTRAINT "proposal_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_acceptances_proposal_idx" ON "proposal_acceptances" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_acceptances_user_idx" ON "proposal_acceptances" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "proposal_acceptances_accepted_idx" ON "proposal_acceptances" USING btree ("accepted_at");--> statement-breakpoint
CREATE INDEX "proposal_acceptances_retain_idx" ON "proposal_acceptances" USING btree ("retain_until");--> statement-breakpoint
CREATE INDEX "proposal_events_proposal_idx" ON "proposal_events" USING btree ("proposal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_request_version_idx" ON "proposals" USING btree ("request_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_draft_idx" ON "proposals" USING btree ("request_id") WHERE "proposals"."state" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_sent_idx" ON "proposals" USING btree ("request_id") WHERE "proposals"."state" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_accepted_idx" ON "proposals" USING btree ("request_id") WHERE "proposals"."state" = 'accepted';--> statement-breakpoint
CREATE INDEX "proposals_sent_valid_idx" ON "proposals" USING btree ("valid_until") WHERE "proposals"."state" = 'sent';--> statement-breakpoint
CREATE INDEX "proposals_closed_idx" ON "proposals" USING btree ("state","closed_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_proposal_event_id_proposal_events_id_fk" FOREIGN KEY ("proposal_event_id") REFERENCES "public"."proposal_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: deleting an account reaches an acceptance record by three paths at once (its
-- user, its request, its proposal, each set null). Checked at commit, the record is checked once
-- all three are null; checked row by row, the first update would find the others still pointing
-- at rows the same statement deleted.
ALTER TABLE "proposal_acceptances" ALTER CONSTRAINT "proposal_acceptances_proposal_id_proposals_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ALTER CONSTRAINT "proposal_acceptances_request_id_service_requests_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ALTER CONSTRAINT "proposal_acceptances_user_id_users_id_fk" DEFERRABLE INITIALLY DEFERRED;
