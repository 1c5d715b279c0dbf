CREATE TABLE "founder_mails" (
	"idea_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"delivered_to" text,
	CONSTRAINT "founder_mails_idea_id_kind_pk" PRIMARY KEY("idea_id","kind")
);
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "status_token_hash" text;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "founder_mails" ADD CONSTRAINT "founder_mails_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "founder_mails_due_idx" ON "founder_mails" USING btree ("next_attempt_at") WHERE "founder_mails"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "founder_mails_recipient_idx" ON "founder_mails" USING btree ("recipient_hash","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ideas_status_token_hash_idx" ON "ideas" USING btree ("status_token_hash");