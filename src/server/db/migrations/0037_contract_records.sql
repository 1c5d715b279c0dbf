-- Issue 50's last point (decision 160): a concluded agreement's records, moved out of an erased lead and kept apart,
-- with no link to the idea, until `purge_after` (the conclusion plus the years 전자상거래법 requires).
CREATE TABLE "contract_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"quote_id" uuid NOT NULL,
	"quote_version" integer NOT NULL,
	"quote_sha256" text NOT NULL,
	"quote_items" jsonb NOT NULL,
	"schedule" text NOT NULL,
	"deposit_percent" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_name" text NOT NULL,
	"sha256" text NOT NULL,
	"tax_details" jsonb NOT NULL,
	"concluded_at" timestamp with time zone NOT NULL,
	"concluded_by" text,
	"deposit_received_at" timestamp with time zone,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purge_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contract_records_purge_idx" ON "contract_records" USING btree ("purge_after");--> statement-breakpoint
-- The typed signature, the tax details and the countersigning member's address are personal data: no sample of them
-- in pg_statistic (decision 077).
ALTER TABLE "contract_records" ALTER COLUMN "signed_name" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "contract_records" ALTER COLUMN "tax_details" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "contract_records" ALTER COLUMN "concluded_by" SET STATISTICS 0;
