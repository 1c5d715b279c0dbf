CREATE TABLE "funnel_counts" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"route" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "funnel_counts_day_step_route_pk" PRIMARY KEY("day","step","route")
);
--> statement-breakpoint
CREATE TABLE "vitals_histograms" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"device" text NOT NULL,
	"connection" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "vitals_histograms_day_route_device_connection_metric_bucket_pk" PRIMARY KEY("day","route","device","connection","metric","bucket")
);
