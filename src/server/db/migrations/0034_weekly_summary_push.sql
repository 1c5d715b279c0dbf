-- The weekly summary as a push (issue 51, decision 156): a notification that names no lead (idea_id null) and
-- carries the week's figures (details: counts only).
ALTER TABLE "push_deliveries" ALTER COLUMN "idea_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD COLUMN "details" jsonb;