CREATE TABLE "thread_files_gone" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"storage" text NOT NULL,
	"gone_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "thread_files" ADD COLUMN "storage" text DEFAULT 'postgres' NOT NULL;--> statement-breakpoint
ALTER TABLE "thread_files" ADD CONSTRAINT "thread_files_storage_check" CHECK ("thread_files"."storage" in ('postgres', 's3'));--> statement-breakpoint
-- Every deleted file row, however it went (a cascade included), leaves its id for the bucket's
-- clean-up, in the deleting transaction (server/storage/gone-files.ts).
CREATE FUNCTION "thread_files_note_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "thread_files_gone" ("file_id", "storage")
    SELECT "id", "storage" FROM gone ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "thread_files_gone_after_delete" AFTER DELETE ON "thread_files"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "thread_files_note_gone"();
