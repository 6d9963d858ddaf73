-- Expansion for a rolling upgrade: 0017 made "number" required, but the release before it stores
-- a request without one, and serves beside the current release while an upgrade rolls out. A
-- request stored without a number takes the next one here, exactly as the current release's
-- statement gives it (server/service-requests/request-number.ts: the year's counter in Mexico
-- City, PD-YYYY-NNNN). BEFORE INSERT triggers run before NOT NULL is checked. The current
-- release always gives a number, so this never fires for it; a later contract step may drop it.
CREATE FUNCTION "service_requests_number_missing"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted_year integer := extract(year FROM now() AT TIME ZONE 'America/Mexico_City')::integer;
  counted integer;
BEGIN
  INSERT INTO "request_number_counters" ("year", "last") VALUES (counted_year, 1)
    ON CONFLICT ("year") DO UPDATE SET "last" = "request_number_counters"."last" + 1
    RETURNING "last" INTO counted;
  NEW."number" := 'PD-' || counted_year || '-'
    || CASE WHEN counted < 10000 THEN lpad(counted::text, 4, '0') ELSE counted::text END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "service_requests_number_missing" BEFORE INSERT ON "service_requests"
  FOR EACH ROW WHEN (NEW."number" IS NULL) EXECUTE FUNCTION "service_requests_number_missing"();
