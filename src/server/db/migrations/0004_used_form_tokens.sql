CREATE TABLE "used_form_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"idempotency_key" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_form_tokens_expires_at_idx" ON "used_form_tokens" USING btree ("expires_at");