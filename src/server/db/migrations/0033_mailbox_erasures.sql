-- Issue 48: the mail originals an erased lead left in the team's mailbox are expunged by the mailbox reader
-- (decision 141): one row per erased lead with a reply address, retried until done; and each kept mail's own
-- Message-ID, which its erasure expunges it by.
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
ALTER TABLE "mailbox_messages" ADD COLUMN "mail_id" text;--> statement-breakpoint
CREATE INDEX "mailbox_erasures_due_idx" ON "mailbox_erasures" USING btree ("next_attempt_at");