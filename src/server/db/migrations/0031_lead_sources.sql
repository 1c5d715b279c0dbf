-- Decisions 134 and 135: each idea's source (channel by the table in domain/lead-source.ts, source name, UTM medium
-- and campaign), the per-day × source summary the 현황 screen reads and each lead's share of it (kept by the
-- triggers in db/functions/: count_new_ideas, count_lead_event, uncount_erased_lead; lead_source_backfill counts
-- the leads stored before). The intake writes the source in its group commit (db/functions/store_ideas.sql), so its
-- input type gains the four fields. The campaign and a closing reason may hold what someone typed: their columns
-- keep no statistics (decision 077's rule). A member's opt-in to the weekly mail (decision 136).
CREATE TABLE "lead_funnel_marks" (
	"idea_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"marks" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_source_days" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"step" text NOT NULL,
	"detail" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "lead_source_days_day_channel_source_campaign_step_detail_pk" PRIMARY KEY("day","channel","source","campaign","step","detail")
);
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "source_channel" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "source_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "source_medium" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "source_campaign" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "weekly_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_funnel_marks" ADD CONSTRAINT "lead_funnel_marks_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TYPE "idea_in" ADD ATTRIBUTE "source_channel" text;--> statement-breakpoint
ALTER TYPE "idea_in" ADD ATTRIBUTE "source_name" text;--> statement-breakpoint
ALTER TYPE "idea_in" ADD ATTRIBUTE "source_medium" text;--> statement-breakpoint
ALTER TYPE "idea_in" ADD ATTRIBUTE "source_campaign" text;--> statement-breakpoint
ALTER TABLE "ideas" ALTER COLUMN "source_name" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "ideas" ALTER COLUMN "source_medium" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "ideas" ALTER COLUMN "source_campaign" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "lead_funnel_marks" ALTER COLUMN "source" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "lead_funnel_marks" ALTER COLUMN "campaign" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "lead_funnel_marks" ALTER COLUMN "marks" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "lead_source_days" ALTER COLUMN "source" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "lead_source_days" ALTER COLUMN "campaign" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "lead_source_days" ALTER COLUMN "detail" SET STATISTICS 0;
