CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idea_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"member_id" uuid,
	"schedule" text NOT NULL,
	"deposit_percent" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_name" text,
	"sha256" text,
	"tax_details" jsonb,
	"countersigned_at" timestamp with time zone,
	"countersigned_by" uuid,
	"deposit_received_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "thread_messages" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_countersigned_by_team_members_id_fk" FOREIGN KEY ("countersigned_by") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_idea_idx" ON "contracts" USING btree ("idea_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_quote_idx" ON "contracts" USING btree ("quote_id");--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The typed signature and the tax details are personal data: no sample of them in pg_statistic (decision 077).
ALTER TABLE "contracts" ALTER COLUMN "signed_name" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "tax_details" SET STATISTICS 0;
