-- Decision 115: the inbox's search text leaves the ideas table. The trigram index on ideas (decision 093) was the
-- costliest part of storing an idea: on PGlite the intake took 1,198 ideas/s without it and 856/s with it (same
-- bench, same minutes). The text now lives in idea_search, written after the idea by the indexer
-- (ideas/search-index.ts) from search_queue, which a statement trigger on ideas fills in the idea's own transaction
-- (whatever inserts the idea: the intake's group commit, a fixture, a restore). Existing ideas are copied here.
CREATE TABLE "idea_search" (
	"idea_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idea_search" ADD CONSTRAINT "idea_search_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A person's data: no statistics (decision 077), so ANALYZE copies no sample of it into pg_statistic.
ALTER TABLE "idea_search" ALTER COLUMN "text" SET STATISTICS 0;--> statement-breakpoint
INSERT INTO "idea_search" ("idea_id", "text") SELECT "id", lower("name" || ' ' || "email" || ' ' || "idea") FROM "ideas";--> statement-breakpoint
CREATE INDEX "idea_search_trgm_idx" ON "idea_search" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "ideas_search_trgm_idx";--> statement-breakpoint
CREATE TABLE "search_queue" (
	"idea_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "queue_idea_search"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_queue (idea_id) SELECT n.id FROM new_ideas n ON CONFLICT (idea_id) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ideas_search_queue" AFTER INSERT ON "ideas" REFERENCING NEW TABLE AS "new_ideas"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_idea_search"();
