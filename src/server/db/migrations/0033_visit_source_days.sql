-- Visits by source (issue 51): per day and the landing's source, counted from each visit's first beacon. The
-- free-text columns keep no statistics (decision 077's rule), as lead_source_days'.
CREATE TABLE "visit_source_days" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "visit_source_days_day_channel_source_campaign_pk" PRIMARY KEY("day","channel","source","campaign")
);--> statement-breakpoint
ALTER TABLE "visit_source_days" ALTER COLUMN "source" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "visit_source_days" ALTER COLUMN "campaign" SET STATISTICS 0;
