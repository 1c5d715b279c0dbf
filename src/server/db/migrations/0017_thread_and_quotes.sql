CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idea_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"member_id" uuid,
	"items" jsonb NOT NULL,
	"valid_until" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "thread_memos" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"idea_id" uuid NOT NULL,
	"mime_type" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idea_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"side" text NOT NULL,
	"member_id" uuid,
	"body" text NOT NULL,
	"quote_id" uuid
);
--> statement-breakpoint
ALTER TABLE "founder_mails" ADD COLUMN "ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "founder_mails" DROP CONSTRAINT "founder_mails_idea_id_kind_pk";--> statement-breakpoint
ALTER TABLE "founder_mails" ADD CONSTRAINT "founder_mails_idea_id_kind_ref_pk" PRIMARY KEY("idea_id","kind","ref");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_memos" ADD CONSTRAINT "thread_memos_message_id_thread_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."thread_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_memos" ADD CONSTRAINT "thread_memos_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_idea_idx" ON "quotes" USING btree ("idea_id");--> statement-breakpoint
CREATE INDEX "thread_messages_idea_at_idx" ON "thread_messages" USING btree ("idea_id","at");;--> statement-breakpoint
-- Decision 077's rule for the thread (decisions 101, 102): what the founder or the team wrote, a memo's bytes and a
-- quote's lines keep no statistics (ANALYZE would copy sample values into pg_statistic, beyond an erasure's reach).
ALTER TABLE "thread_messages" ALTER COLUMN "body" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "thread_memos" ALTER COLUMN "bytes" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "items" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "notes" SET STATISTICS 0;
