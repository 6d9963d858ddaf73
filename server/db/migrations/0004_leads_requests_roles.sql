-- Substring search (the admin inbox's name/email search) uses trigram indexes. pg_trgm is a
-- trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "contact_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"service_id" text,
	"budget" text NOT NULL,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" uuid,
	CONSTRAINT "contact_enquiries_locale_check" CHECK ("contact_enquiries"."locale" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "service_request_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"by_role" text NOT NULL,
	"by_user_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_request_history_by_check" CHECK ("service_request_history"."by_role" in ('client', 'agency'))
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"need" text NOT NULL,
	"desired_start" text NOT NULL,
	"budget" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" in ('received', 'inReview', 'proposalSent', 'inProgress', 'delivered', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "enquiry_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "request_history_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'client' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_enquiries_created_at_idx" ON "contact_enquiries" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_enquiries_service_created_idx" ON "contact_enquiries" USING btree ("service_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_enquiries_open_created_idx" ON "contact_enquiries" USING btree ("created_at" DESC NULLS LAST) WHERE "contact_enquiries"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "contact_enquiries_search_trgm_idx" ON "contact_enquiries" USING gin ((lower("name" || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_request_history_request_idx" ON "service_request_history" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_user_created_idx" ON "service_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_requests_created_at_idx" ON "service_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_requests_status_created_idx" ON "service_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_requests_service_created_idx" ON "service_requests" USING btree ("service_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_enquiry_id_contact_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."contact_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_request_history_id_service_request_history_id_fk" FOREIGN KEY ("request_history_id") REFERENCES "public"."service_request_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("name" || ' ' || "last_name" || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('client', 'admin'));