CREATE TABLE "job_items" (
	"job_id" bigint NOT NULL,
	"ordinal" integer NOT NULL,
	"item_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"detail" text,
	"result" jsonb,
	"updated_at" timestamp with time zone,
	CONSTRAINT "job_items_job_id_ordinal_pk" PRIMARY KEY("job_id","ordinal"),
	CONSTRAINT "job_items_state" CHECK ("job_items"."state" in ('pending', 'done', 'skipped', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"worker_id" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"planned" boolean DEFAULT false NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "jobs_state" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "job_items" ADD CONSTRAINT "job_items_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_items_key" ON "job_items" USING btree ("job_id","item_key");--> statement-breakpoint
CREATE INDEX "job_items_pending" ON "job_items" USING btree ("job_id","ordinal") WHERE "job_items"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "job_items_state" ON "job_items" USING btree ("job_id","state","ordinal");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_after","id") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_kind_creator" ON "jobs" USING btree ("kind","created_by","id");