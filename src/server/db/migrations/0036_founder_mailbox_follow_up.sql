-- Issue 48, the rest: the mail originals an erased lead left in the team's mailbox, expunged by the mailbox reader
-- (decision 141), with each kept mail's own Message-ID; and the replies that name no lead, kept for the team's
-- review until attached, dismissed or past IMAP_UNMATCHED_DAYS (decision 142).
CREATE TABLE "mailbox_erasures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"token" text,
	"mail_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mailbox_unmatched" (
	"key" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"sender" text,
	"subject" text,
	"body" text,
	"mail_id" text
);
--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "mail_id" text;--> statement-breakpoint
CREATE INDEX "mailbox_erasures_due_idx" ON "mailbox_erasures" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "mailbox_unmatched_at_idx" ON "mailbox_unmatched" USING btree ("at");