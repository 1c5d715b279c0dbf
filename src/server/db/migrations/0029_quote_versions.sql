ALTER TABLE "quotes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "accepted_name" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "accepted_sha256" text;--> statement-breakpoint
-- The typed signature is personal data: no sample of it in pg_statistic (decision 077).
ALTER TABLE "quotes" ALTER COLUMN "accepted_name" SET STATISTICS 0;--> statement-breakpoint
-- The quotes already sent: numbered per lead in the order they were sent, each superseded by the next (issue 50).
UPDATE "quotes" q SET "version" = v.n
  FROM (SELECT id, row_number() OVER (PARTITION BY idea_id ORDER BY created_at, id) AS n FROM "quotes") v
  WHERE v.id = q.id;--> statement-breakpoint
UPDATE "quotes" q SET "superseded_at" = later.created_at
  FROM "quotes" later WHERE later.idea_id = q.idea_id AND later.version = q.version + 1;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_idea_version_idx" ON "quotes" USING btree ("idea_id","version");