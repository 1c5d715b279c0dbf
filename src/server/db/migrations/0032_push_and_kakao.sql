-- Issue 49, part 1: the team's push notifications (decision 130). A member's devices (a browser's push subscription
-- each, with the events chosen), removed with the member; the VAPID key pair made once when the settings hold none;
-- and the push outbox, one row per notification and device, filled by db/functions/queue_push_notifications.sql.
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device" text NOT NULL,
	"choices" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_member_idx" ON "push_subscriptions" USING btree ("member_id");--> statement-breakpoint
CREATE TABLE "push_vapid_keys" (
	"id" smallint PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_vapid_keys_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"idea_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "push_deliveries_source_subscription_unique" UNIQUE("source","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" USING btree ("next_attempt_at") WHERE "status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "push_deliveries_idea_idx" ON "push_deliveries" USING btree ("idea_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_subscription_idx" ON "push_deliveries" USING btree ("subscription_id");
--> statement-breakpoint
-- Issue 49, part 2: the founder's KakaoTalk updates. The idea's opt-in (its `phone`, a Korean mobile number then) and
-- the 알림톡 outbox, one row per message, filled by db/functions/queue_kakao_messages.sql from the founder's mail
-- queues; erased with the idea. The rows hold no number and no text: both are read from the idea as it is sent.
ALTER TABLE "ideas" ADD COLUMN "kakao_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TYPE "idea_in" ADD ATTRIBUTE "kakao_updates" boolean;--> statement-breakpoint
CREATE TABLE "kakao_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idea_id" uuid NOT NULL,
	"source" text NOT NULL,
	"template" text NOT NULL,
	"meeting_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_message_id" text,
	"last_error" text,
	CONSTRAINT "kakao_messages_source_unique" UNIQUE("source")
);
--> statement-breakpoint
ALTER TABLE "kakao_messages" ADD CONSTRAINT "kakao_messages_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kakao_messages_due_idx" ON "kakao_messages" USING btree ("next_attempt_at") WHERE "status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "kakao_messages_idea_idx" ON "kakao_messages" USING btree ("idea_id");
