CREATE TABLE "request_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD COLUMN "likely_spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Added empty, given to the existing requests below (in creation order, per year in Mexico City), then required.
ALTER TABLE "service_requests" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
WITH numbered AS (
	SELECT "id", extract(year FROM "created_at" AT TIME ZONE 'America/Mexico_City')::integer AS "year",
		row_number() OVER (PARTITION BY extract(year FROM "created_at" AT TIME ZONE 'America/Mexico_City')
			ORDER BY "created_at", "id")::integer AS "n"
	FROM "service_requests"
)
UPDATE "service_requests" r SET "number" = 'PD-' || numbered."year" || '-'
	|| CASE WHEN numbered."n" < 10000 THEN lpad(numbered."n"::text, 4, '0') ELSE numbered."n"::text END
FROM numbered WHERE r."id" = numbered."id";--> statement-breakpoint
INSERT INTO "request_number_counters" ("year", "last")
SELECT extract(year FROM "created_at" AT TIME ZONE 'America/Mexico_City')::integer, count(*)
FROM "service_requests" GROUP BY 1;--> statement-breakpoint
ALTER TABLE "service_requests" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
-- The latest of the creation, a public message, a status change and a proposal change.
UPDATE "service_requests" r SET "last_activity_at" = greatest(r."created_at",
	(SELECT max(m."created_at") FROM "thread_messages" m WHERE m."request_id" = r."id" AND NOT m."internal"),
	(SELECT max(h."created_at") FROM "service_request_history" h WHERE h."request_id" = r."id"),
	(SELECT max(e."created_at") FROM "proposal_events" e JOIN "proposals" p ON p."id" = e."proposal_id"
		WHERE p."request_id" = r."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_number_idx" ON "service_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "service_requests_activity_idx" ON "service_requests" USING btree ("last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);
