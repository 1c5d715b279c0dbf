CREATE TABLE "erasure_purges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"plain_memo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "memo_key" "bytea";--> statement-breakpoint
-- Decision 077's rule: a memo's key is the memo (whoever holds it reads the ciphertext), so ANALYZE copies none of
-- it into pg_statistic, where it would outlive the erasure.
ALTER TABLE "ideas" ALTER COLUMN "memo_key" SET STATISTICS 0;
