CREATE TABLE "rendered_content" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"content" jsonb NOT NULL,
	"build" text NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rendered_content_one_row" CHECK ("rendered_content"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "rendered_pages" (
	"file" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"locale" text,
	"status" smallint NOT NULL,
	"body" text NOT NULL,
	"etag" text NOT NULL,
	"brotli" "bytea" NOT NULL,
	"gzip" "bytea" NOT NULL,
	"content_version" bigint NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rendered_pages_status_check" CHECK ("rendered_pages"."status" in (200, 404)),
	CONSTRAINT "rendered_pages_locale_check" CHECK ("rendered_pages"."locale" in ('en', 'es'))
);
--> statement-breakpoint
CREATE INDEX "rendered_pages_version_idx" ON "rendered_pages" USING btree ("content_version");