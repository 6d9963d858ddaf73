CREATE TABLE "thread_file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "thread_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "thread_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"owner_id" uuid,
	"message_id" bigint,
	"position" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"media_type" text DEFAULT '' NOT NULL,
	"sha256" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "thread_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" uuid,
	"side" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_messages_side_check" CHECK ("thread_messages"."side" in ('client', 'agency')),
	CONSTRAINT "thread_messages_internal_check" CHECK (not "thread_messages"."internal" or "thread_messages"."side" = 'agency'),
	CONSTRAINT "thread_messages_body_check" CHECK (char_length("thread_messages"."body") between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "thread_reads" (
	"user_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"up_to" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_reads_user_id_request_id_pk" PRIMARY KEY("user_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "thread_watchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"side" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_watchers_side_check" CHECK ("thread_watchers"."side" in ('client', 'agency'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "thread_message_id" bigint;--> statement-breakpoint
ALTER TABLE "thread_file_chunks" ADD CONSTRAINT "thread_file_chunks_file_id_thread_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."thread_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_files" ADD CONSTRAINT "thread_files_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_files" ADD CONSTRAINT "thread_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_files" ADD CONSTRAINT "thread_files_message_id_thread_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."thread_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_watchers" ADD CONSTRAINT "thread_watchers_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_watchers" ADD CONSTRAINT "thread_watchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_files_request_idx" ON "thread_files" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "thread_files_message_idx" ON "thread_files" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "thread_files_owner_idx" ON "thread_files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "thread_files_unsent_idx" ON "thread_files" USING btree ("created_at") WHERE "thread_files"."message_id" is null;--> statement-breakpoint
CREATE INDEX "thread_messages_request_idx" ON "thread_messages" USING btree ("request_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "thread_messages_request_public_idx" ON "thread_messages" USING btree ("request_id","id" DESC NULLS LAST) WHERE not "thread_messages"."internal";--> statement-breakpoint
CREATE INDEX "thread_messages_author_idx" ON "thread_messages" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "thread_reads_request_idx" ON "thread_reads" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "thread_watchers_request_idx" ON "thread_watchers" USING btree ("request_id","side","seen_at");--> statement-breakpoint
CREATE INDEX "thread_watchers_seen_idx" ON "thread_watchers" USING btree ("seen_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_thread_message_id_thread_messages_id_fk" FOREIGN KEY ("thread_message_id") REFERENCES "public"."thread_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_thread_message_idx" ON "mail_outbox" USING btree ("thread_message_id") WHERE "mail_outbox"."thread_message_id" is not null;--> statement-breakpoint
-- Hand-written: file chunks are stored out of line and uncompressed (most uploads — PDF, PNG,
-- JPEG, WebP, Office documents — are compressed already), so writing costs no compression
-- attempt and a range reads only the chunks it covers.
ALTER TABLE "thread_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
