CREATE TABLE "access_record_anchors" (
	"kind" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"mac" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "may_export_erase" boolean DEFAULT false NOT NULL;