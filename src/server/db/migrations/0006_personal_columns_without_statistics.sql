-- Decision 077: ANALYZE (PostgreSQL's autovacuum runs it) copies sample values of each column into pg_statistic, where
-- an erased e-mail or name would outlive its row. The columns that hold a person's data keep no statistics.
ALTER TABLE "ideas" ALTER COLUMN "idea" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "ideas" ALTER COLUMN "name" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "ideas" ALTER COLUMN "email" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "ideas" ALTER COLUMN "phone" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "ideas" ALTER COLUMN "client_ip" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "voice_memos" ALTER COLUMN "bytes" SET STATISTICS 0;
