-- Decision 077's rule for the workspace's and the founder's tables: a column that may hold a person's data keeps no
-- statistics (ANALYZE would copy sample values into pg_statistic, where they would outlive an erasure). Notes on a
-- lead's timeline may name the person; a founder mail's recipient hash and the server's answer stand for the address.
ALTER TABLE "idea_events" ALTER COLUMN "details" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "founder_mails" ALTER COLUMN "recipient_hash" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "founder_mails" ALTER COLUMN "delivered_to" SET STATISTICS 0;
