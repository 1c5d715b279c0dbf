CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_outcome" text
);
--> statement-breakpoint
CREATE TABLE "voice_memos" (
	"idea_id" uuid PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "voice_memos" ADD CONSTRAINT "voice_memos_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ideas_spam_idx" ON "ideas" USING btree ("received_at") WHERE "ideas"."spam_reason" is not null and "ideas"."released_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_digest_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."status" = 'pending' and "outbox"."digest";--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" in ('pending', 'sending') and not "outbox"."digest";--> statement-breakpoint
UPDATE "ideas" SET "released_at" = "outbox"."created_at" FROM "outbox" WHERE "outbox"."idea_id" = "ideas"."id" AND "ideas"."spam_reason" IS NOT NULL;
