DROP INDEX "contact_enquiries_search_trgm_idx";--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower(translate(regexp_replace(normalize("name" || ' ' || "email", NFD), '[\u0300-\u036f]', '', 'g'), U&'\00f8\00d8\0142\0141\0111\0110\0131\0127\0126\0167\0166', 'oollddihhtt'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower(translate(regexp_replace(normalize("name" || ' ' || "last_name" || ' ' || "email", NFD), '[\u0300-\u036f]', '', 'g'), U&'\00f8\00d8\0142\0141\0111\0110\0131\0127\0126\0167\0166', 'oollddihhtt'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_enquiries_search_key_trgm_idx" ON "contact_enquiries" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_key_trgm_idx" ON "users" USING gin ("search_key" gin_trgm_ops);