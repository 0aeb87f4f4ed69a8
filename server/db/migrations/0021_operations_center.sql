CREATE TABLE "ab_test_assignments" (
	"test_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"variant" text NOT NULL,
	"subscription_at_assignment" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ab_test_assignments_test_id_customer_id_pk" PRIMARY KEY("test_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "ab_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"feature_id" text NOT NULL,
	"feature_label" text NOT NULL,
	"variants" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"creator_id" integer NOT NULL,
	"end_date" date,
	"is_done" boolean DEFAULT false NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ab_tests_feature_id_unique" UNIQUE("feature_id")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"banner_type" text NOT NULL,
	"country" text,
	"language" text,
	"subscription_type" text,
	"feature_flag" text,
	"photo_upload_id" uuid NOT NULL,
	"mobile_photo_upload_id" uuid NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"redirect_url" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"benefit" text NOT NULL,
	"landing_page" text NOT NULL,
	"source" text NOT NULL,
	"action" text NOT NULL,
	"duration" integer NOT NULL,
	"duration_unit" text NOT NULL,
	"slug" text,
	"url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"storage_key" text,
	"content_type" text,
	"byte_size" integer,
	"width" integer,
	"height" integer
);
--> statement-breakpoint
CREATE TABLE "notification_broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sentiment" text NOT NULL,
	"trigger_type" text NOT NULL,
	"link" text,
	"expiration_date" timestamp with time zone,
	"send_at" timestamp with time zone,
	"segment" jsonb NOT NULL,
	"output" jsonb NOT NULL,
	"state" text NOT NULL,
	"recipients_total" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"cursor_customer_id" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"webhook_state" text DEFAULT 'NONE' NOT NULL,
	"webhook_attempts" integer DEFAULT 0 NOT NULL,
	"webhook_error" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_time" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"broadcast_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_notification_id" bigint NOT NULL,
	CONSTRAINT "notification_deliveries_broadcast_id_customer_id_pk" PRIMARY KEY("broadcast_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "ab_test_assignments" ADD CONSTRAINT "ab_test_assignments_test_id_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_assignments" ADD CONSTRAINT "ab_test_assignments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_creator_id_staff_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_photo_upload_id_uploads_id_fk" FOREIGN KEY ("photo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_mobile_photo_upload_id_uploads_id_fk" FOREIGN KEY ("mobile_photo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_links" ADD CONSTRAINT "promotion_links_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_links" ADD CONSTRAINT "promotion_links_revoked_by_staff_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_broadcasts" ADD CONSTRAINT "notification_broadcasts_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_broadcast_id_notification_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."notification_broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ab_test_assignments_variant" ON "ab_test_assignments" USING btree ("test_id","variant");--> statement-breakpoint
CREATE INDEX "banners_order" ON "banners" USING btree ("sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_links_slug" ON "promotion_links" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "promotion_links_created" ON "promotion_links" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notification_broadcasts_created" ON "notification_broadcasts" USING btree ("created_at","id");