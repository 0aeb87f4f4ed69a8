CREATE TABLE "activity_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"bundle_name" text NOT NULL,
	"seller_name" text NOT NULL,
	"table_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"slug" text NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_in_shop" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"discount_percentage" integer,
	"discount_start" date,
	"discount_expiry" date,
	"page_version" integer DEFAULT 1 NOT NULL,
	"page_built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "bundles_price_not_negative" CHECK ("bundles"."price" >= 0),
	CONSTRAINT "bundles_discount_range" CHECK ("bundles"."discount_percentage" is null or ("bundles"."discount_percentage" between 1 and 90))
);
--> statement-breakpoint
CREATE TABLE "marketing_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_name" text NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"num_of_activity_days" integer DEFAULT 1 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_staff_id" integer,
	"base_url" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"utm_content" text,
	"slug" text,
	"ref_id" boolean DEFAULT false NOT NULL,
	"app_type" text DEFAULT 'PHOTO' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_activities_slug_unique" UNIQUE("slug"),
	CONSTRAINT "marketing_activities_cost_not_negative" CHECK ("marketing_activities"."cost" >= 0),
	CONSTRAINT "marketing_activities_days_positive" CHECK ("marketing_activities"."num_of_activity_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "partner_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"event_date" date,
	"base_url" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"utm_content" text,
	"slug" text,
	"ignore_subscriber_grant" boolean DEFAULT false NOT NULL,
	"app_type" text DEFAULT 'PHOTO' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_activities_slug_unique" UNIQUE("slug"),
	CONSTRAINT "partner_activities_cost_not_negative" CHECK ("partner_activities"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"email" text NOT NULL,
	"ref" text NOT NULL,
	"user_id" integer,
	"trial_photos_new_user" integer DEFAULT 0 NOT NULL,
	"credit_per_subscriber" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"form_of_payment" text DEFAULT 'CREDIT' NOT NULL,
	"owner_staff_id" integer,
	"count_in_reports" boolean DEFAULT true NOT NULL,
	"skip_base_payment" boolean DEFAULT false NOT NULL,
	"profile_slug" text,
	"profile_headline" text,
	"profile_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_profile_slug_unique" UNIQUE("profile_slug"),
	CONSTRAINT "partners_credit_not_negative" CHECK ("partners"."credit_per_subscriber" >= 0),
	CONSTRAINT "partners_trial_photos_not_negative" CHECK ("partners"."trial_photos_new_user" >= 0)
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"slug" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"partner_activity_id" integer,
	"marketing_activity_id" integer,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"last_click_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_one_owner" CHECK (("short_links"."partner_activity_id" is null) <> ("short_links"."marketing_activity_id" is null))
);
--> statement-breakpoint
ALTER TABLE "activity_campaigns" ADD CONSTRAINT "activity_campaigns_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_activities" ADD CONSTRAINT "marketing_activities_owner_staff_id_staff_id_fk" FOREIGN KEY ("owner_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_activities" ADD CONSTRAINT "partner_activities_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_user_id_customers_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_owner_staff_id_staff_id_fk" FOREIGN KEY ("owner_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_partner_activity_id_partner_activities_id_fk" FOREIGN KEY ("partner_activity_id") REFERENCES "public"."partner_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_marketing_activity_id_marketing_activities_id_fk" FOREIGN KEY ("marketing_activity_id") REFERENCES "public"."marketing_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_campaigns_name_lower" ON "activity_campaigns" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "bundles_created_at_id" ON "bundles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_activities_start_date_id" ON "marketing_activities" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "marketing_activities_updated_at_id" ON "marketing_activities" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_activities_utm_set" ON "marketing_activities" USING btree (lower("utm_source"),lower("utm_campaign"),lower(coalesce("utm_content", '')));--> statement-breakpoint
CREATE INDEX "partner_activities_partner" ON "partner_activities" USING btree ("partner_id","id");--> statement-breakpoint
CREATE INDEX "partner_activities_updated_at_id" ON "partner_activities" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "partner_activities_event_date_id" ON "partner_activities" USING btree ("event_date","id");--> statement-breakpoint
CREATE INDEX "partner_activities_type_updated_at_id" ON "partner_activities" USING btree ("type","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_activities_utm_set" ON "partner_activities" USING btree (lower("utm_source"),lower("utm_campaign"),lower(coalesce("utm_content", '')));--> statement-breakpoint
CREATE UNIQUE INDEX "partners_email_lower" ON "partners" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "partners_ref_lower" ON "partners" USING btree (lower("ref"));--> statement-breakpoint
CREATE INDEX "partners_updated_at_id" ON "partners" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "partners_type_updated_at_id" ON "partners" USING btree ("type","updated_at","id");--> statement-breakpoint
CREATE INDEX "partners_owner_updated_at_id" ON "partners" USING btree ("owner_staff_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "partners_name_lower_id" ON "partners" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "partners_name_trgm" ON "partners" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_email_trgm" ON "partners" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "short_links_partner_activity" ON "short_links" USING btree ("partner_activity_id");--> statement-breakpoint
CREATE INDEX "short_links_marketing_activity" ON "short_links" USING btree ("marketing_activity_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_utm_set" ON "customers" USING btree ("utm_source","utm_campaign",(coalesce("utm_content", '')));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_referred_by" ON "customers" USING btree ("referred_by");
