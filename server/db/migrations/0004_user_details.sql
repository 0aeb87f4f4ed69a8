CREATE TABLE "activity_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"event" text NOT NULL,
	"category" text NOT NULL,
	"datetime" timestamp with time zone DEFAULT now() NOT NULL,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_as_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "login_as_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"template" text NOT NULL,
	"recipient" text NOT NULL,
	"customer_id" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "cc_emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_activity" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "user_token" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "editing_software" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "coupon" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "promotions" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "abusive_types" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "charging_vendor" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_method_details" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "backup_plan" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "backup_used_gb" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "backup_total_gb" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "backup_high_res_type" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "backup_plan_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "backup_cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "backup_cancel_details" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "culling_plan_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "culling_plan_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "culling_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sessions_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notifications" ADD CONSTRAINT "customer_notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_as_links" ADD CONSTRAINT "login_as_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_as_links" ADD CONSTRAINT "login_as_links_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_customer" ON "activity_events" USING btree ("customer_id","datetime");--> statement-breakpoint
CREATE INDEX "customer_credits_customer" ON "customer_credits" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_notifications_customer" ON "customer_notifications" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "login_as_links_customer" ON "login_as_links" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "outbox_customer" ON "outbox" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_unsent" ON "outbox" USING btree ("sent_at","id");