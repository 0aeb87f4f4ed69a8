CREATE TABLE "anonymous_rate_buckets" (
	"address" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"granted" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "anonymous_rate_buckets_updated" ON "anonymous_rate_buckets" USING btree ("updated_at");