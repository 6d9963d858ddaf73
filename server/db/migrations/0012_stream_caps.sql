-- The rows of streams open before this change name no session: those streams end with the restart that applies it.
DELETE FROM "thread_watchers";--> statement-breakpoint
ALTER TABLE "thread_watchers" ALTER COLUMN "request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "thread_watchers" ADD COLUMN "session_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "thread_watchers" ADD COLUMN "address_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "thread_watchers" ADD CONSTRAINT "thread_watchers_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_watchers_user_idx" ON "thread_watchers" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE INDEX "thread_watchers_address_idx" ON "thread_watchers" USING btree ("address_key","seen_at");--> statement-breakpoint
CREATE INDEX "thread_watchers_session_idx" ON "thread_watchers" USING btree ("session_id");