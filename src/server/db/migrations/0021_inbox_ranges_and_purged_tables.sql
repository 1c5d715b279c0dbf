DROP INDEX "ideas_open_due_idx";--> statement-breakpoint
DROP INDEX "ideas_open_stage_idx";--> statement-breakpoint
DROP INDEX "ideas_done_stage_idx";--> statement-breakpoint
ALTER TABLE "erasure_purges" ADD COLUMN "tables" text[];--> statement-breakpoint
ALTER TABLE "erasure_purges" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ideas_done_idx" ON "ideas" USING btree ("received_at" DESC NULLS LAST,"id") WHERE ("ideas"."prototype_delivered_at" is not null or "ideas"."closed_at" is not null) and ("ideas"."spam_reason" is null or "ideas"."released_at" is not null);--> statement-breakpoint
CREATE INDEX "ideas_open_due_idx" ON "ideas" USING btree ("received_at","id") WHERE "ideas"."prototype_delivered_at" is null and "ideas"."closed_at" is null and ("ideas"."spam_reason" is null or "ideas"."released_at" is not null);--> statement-breakpoint
CREATE INDEX "ideas_open_stage_idx" ON "ideas" USING btree ("stage","received_at","id") WHERE "ideas"."prototype_delivered_at" is null and "ideas"."closed_at" is null and ("ideas"."spam_reason" is null or "ideas"."released_at" is not null);--> statement-breakpoint
CREATE INDEX "ideas_done_stage_idx" ON "ideas" USING btree ("stage","received_at" DESC NULLS LAST,"id") WHERE ("ideas"."prototype_delivered_at" is not null or "ideas"."closed_at" is not null) and ("ideas"."spam_reason" is null or "ideas"."released_at" is not null);