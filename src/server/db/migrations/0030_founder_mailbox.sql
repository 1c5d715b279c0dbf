-- Issue 48 (decisions 126, 127): the founder's reply address per lead and the mails the mailbox reader stored.
CREATE TABLE "mailbox_messages" (
	"key" text PRIMARY KEY NOT NULL,
	"idea_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"message_id" uuid,
	"sender" text,
	"subject" text,
	"body" text
);
--> statement-breakpoint
CREATE TABLE "reply_addresses" (
	"idea_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bounced_at" timestamp with time zone,
	CONSTRAINT "reply_addresses_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_message_id_thread_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."thread_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_addresses" ADD CONSTRAINT "reply_addresses_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailbox_messages_idea_idx" ON "mailbox_messages" USING btree ("idea_id","at");;--> statement-breakpoint
-- Decision 077's rule: what a founder or a stranger wrote, and the token, keep no statistics.
ALTER TABLE "mailbox_messages" ALTER COLUMN "body" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ALTER COLUMN "sender" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ALTER COLUMN "subject" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "reply_addresses" ALTER COLUMN "token" SET STATISTICS 0;
