-- A second person for big money (issue 22, item 5): per-role credit thresholds an admin edits, and the requests
-- above them that wait (24 hours) for someone else to approve or reject.
CREATE TABLE "approval_thresholds" (
	"role" text PRIMARY KEY NOT NULL,
	"credit_above_minor" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('credit')),
	"customer_id" integer NOT NULL REFERENCES "customers"("id"),
	"args" jsonb NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"requested_by" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL CHECK ("status" IN ('PENDING', 'APPROVED', 'REJECTED')),
	"decided_by" integer,
	"reason" text,
	"credit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() + interval '24 hours' NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "approval_requests_pending_idx" ON "approval_requests" ("created_at") WHERE "status" = 'PENDING';
