CREATE TABLE "lead_reads" (
	"member_id" uuid NOT NULL,
	"idea_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_reads_member_id_idea_id_pk" PRIMARY KEY("member_id","idea_id")
);
--> statement-breakpoint
CREATE TABLE "workspace_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"idea_id" uuid,
	"member_id" uuid,
	"actor_id" uuid
);
--> statement-breakpoint
ALTER TABLE "lead_reads" ADD CONSTRAINT "lead_reads_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reads" ADD CONSTRAINT "lead_reads_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_events_at_idx" ON "workspace_events" USING btree ("at");