CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Mail still waiting keeps its account; the worker will create a fresh token when it sends it.
UPDATE "mail_outbox" SET "user_id" = "users"."id" FROM "users" WHERE "mail_outbox"."status" = 'pending' AND lower("users"."email") = lower("mail_outbox"."recipient");--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "link_token";