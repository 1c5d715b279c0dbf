-- Decision 092: one "closed" — stage 종료 is the consultation's end. Leads at 종료 without a close time get their
-- stage's time; leads closed (the retention close) at another stage are moved to 종료.
UPDATE "ideas" SET "closed_at" = coalesce("stage_changed_at", "received_at") WHERE "stage" = 'closed' AND "closed_at" IS NULL;--> statement-breakpoint
UPDATE "ideas" SET "stage" = 'closed' WHERE "closed_at" IS NOT NULL AND "stage" <> 'closed';--> statement-breakpoint
-- The open leads are those without a prototype and not closed (domain/promise.ts), whatever their stage.
DROP INDEX "ideas_open_due_idx";--> statement-breakpoint
CREATE INDEX "ideas_open_due_idx" ON "ideas" USING btree ("received_at") WHERE "ideas"."prototype_delivered_at" is null and "ideas"."closed_at" is null;--> statement-breakpoint
-- Decision 093: the search's trigram index. pg_trgm is a trusted extension (PostgreSQL 13+: the database's owner may
-- create it; Debian's postgresql package ships it); PGlite loads it from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "ideas_search_trgm_idx" ON "ideas" USING gin (lower("name" || ' ' || "email" || ' ' || "idea") gin_trgm_ops);--> statement-breakpoint
-- Decision 077: the expression holds personal data; ANALYZE must not copy samples of it into pg_statistic.
ALTER INDEX "ideas_search_trgm_idx" ALTER COLUMN 1 SET STATISTICS 0;
