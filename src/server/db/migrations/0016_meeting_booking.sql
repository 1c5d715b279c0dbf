CREATE TABLE "meeting_cells" (
	"starts_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_mails" (
	"key" text PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"sequence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"delivered_to" text
);
--> statement-breakpoint
CREATE TABLE "meeting_offers" (
	"idea_id" uuid PRIMARY KEY NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"offered_by" uuid
);
--> statement-breakpoint
CREATE TABLE "meeting_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idea_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"mode" text NOT NULL,
	"video_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text
);
--> statement-breakpoint
ALTER TABLE "meeting_cells" ADD CONSTRAINT "meeting_cells_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_mails" ADD CONSTRAINT "meeting_mails_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_offers" ADD CONSTRAINT "meeting_offers_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_offers" ADD CONSTRAINT "meeting_offers_offered_by_team_members_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_settings" ADD CONSTRAINT "meeting_settings_updated_by_team_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_cells_meeting_idx" ON "meeting_cells" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "meeting_mails_due_idx" ON "meeting_mails" USING btree ("next_attempt_at") WHERE "meeting_mails"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "meeting_mails_meeting_idx" ON "meeting_mails" USING btree ("meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_one_booked_idx" ON "meetings" USING btree ("idea_id") WHERE "meetings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "meetings_booked_starts_idx" ON "meetings" USING btree ("starts_at") WHERE "meetings"."status" = 'booked';