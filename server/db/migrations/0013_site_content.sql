CREATE TABLE "content_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"published_at" timestamp with time zone,
	CONSTRAINT "content_items_kind_check" CHECK ("content_items"."kind" in ('case-studies', 'testimonials', 'team', 'slides', 'cards', 'faqs')),
	CONSTRAINT "content_items_state_check" CHECK ("content_items"."state" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"action" text NOT NULL,
	"state" text NOT NULL,
	"data" jsonb NOT NULL,
	"restored_from" integer,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revisions_action_check" CHECK ("content_revisions"."action" in ('create', 'edit', 'publish', 'unpublish', 'restore'))
);
--> statement-breakpoint
CREATE TABLE "content_seeds" (
	"name" text PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_items_kind_idx" ON "content_items" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_slug_en_idx" ON "content_items" USING btree (("data"->'slug'->>'en')) WHERE "content_items"."kind" = 'case-studies' and "content_items"."data"->'slug'->>'en' <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_slug_es_idx" ON "content_items" USING btree (("data"->'slug'->>'es')) WHERE "content_items"."kind" = 'case-studies' and "content_items"."data"->'slug'->>'es' <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "content_revisions_item_number_idx" ON "content_revisions" USING btree ("item_id","number");