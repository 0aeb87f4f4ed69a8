CREATE TABLE "models" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"type" text NOT NULL,
	"photos" integer DEFAULT 0 NOT NULL,
	"projects" integer DEFAULT 0 NOT NULL,
	"is_automated" boolean DEFAULT true NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"fail_reason" text,
	"locked" boolean DEFAULT false NOT NULL,
	"lock_message" text,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_row" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "models_photos_not_negative" CHECK ("models"."photos" >= 0 and "models"."projects" >= 0),
	CONSTRAINT "models_fail_has_reason" CHECK ("models"."state" <> 'FAIL' or "models"."fail_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "profile_shares" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" bigint NOT NULL,
	"email" text NOT NULL,
	"recipient_id" integer,
	"is_silent" boolean DEFAULT false NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'CREATOR' NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"format" text DEFAULT 'RAW' NOT NULL,
	"color" text DEFAULT 'COLOR' NOT NULL,
	"built_with" text NOT NULL,
	"train_requested_at" timestamp with time zone,
	"current_model_id" bigint,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_row" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_deleted_has_date" CHECK (("profiles"."state" = 'DELETED') = ("profiles"."deleted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"profile_id" bigint,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"project_type" text,
	"images_sent" integer DEFAULT 0 NOT NULL,
	"edits_sent" integer DEFAULT 0 NOT NULL,
	"edits_to_charge" integer DEFAULT 0 NOT NULL,
	"delivery_to_gallery" boolean DEFAULT false NOT NULL,
	"catalog_path" text,
	"advanced_options" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_charge" bigint DEFAULT 0 NOT NULL,
	"charge_id" bigint,
	"paid" boolean DEFAULT false NOT NULL,
	"software_version" text,
	"sent_final_edit_at" timestamp with time zone,
	"duration_minutes" integer,
	"number_of_clips" integer,
	"teach" boolean,
	"finetune" boolean,
	"edited_with_imagen" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_row" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_charge_not_negative" CHECK ("projects"."total_charge" >= 0),
	CONSTRAINT "projects_editing_has_type" CHECK (("projects"."kind" = 'EDITING') = ("projects"."project_type" is not null)),
	CONSTRAINT "projects_video_has_duration" CHECK ("projects"."kind" <> 'VIDEO' or ("projects"."duration_minutes" is not null and "projects"."number_of_clips" is not null))
);
--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_shares" ADD CONSTRAINT "profile_shares_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_shares" ADD CONSTRAINT "profile_shares_recipient_id_customers_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_shares" ADD CONSTRAINT "profile_shares_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_current_model_id_models_id_fk" FOREIGN KEY ("current_model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "models_profile_created" ON "models" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "models_state_created" ON "models" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_shares_profile_email" ON "profile_shares" USING btree ("profile_id","email");--> statement-breakpoint
CREATE INDEX "profile_shares_recipient" ON "profile_shares" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "profiles_customer" ON "profiles" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_customer_kind_created" ON "projects" USING btree ("customer_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "projects_profile_kind" ON "projects" USING btree ("profile_id","kind");--> statement-breakpoint
CREATE INDEX "projects_waiting" ON "projects" USING btree ("created_at") WHERE "projects"."status" in ('UPLOADED', 'PROCESSING');