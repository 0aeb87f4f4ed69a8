CREATE TABLE "model_photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"model_id" bigint NOT NULL,
	"model_project_id" bigint NOT NULL,
	"file_type" text NOT NULL,
	"camera" text NOT NULL,
	"lens" text NOT NULL,
	"process_version" text NOT NULL,
	"camera_profile" text NOT NULL,
	"preset_type" text NOT NULL,
	"params" smallint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"model_id" bigint NOT NULL,
	"project_id" bigint,
	"name" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"photos_total" integer NOT NULL,
	"photos_done" integer NOT NULL,
	"is_excluded" boolean DEFAULT false NOT NULL,
	"last_updated_row" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_projects_photos" CHECK ("model_projects"."photos_done" >= 0 and "model_projects"."photos_done" <= "model_projects"."photos_total")
);
--> statement-breakpoint
CREATE TABLE "profile_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" bigint NOT NULL,
	"model_id" bigint,
	"staff_id" integer,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_photos" ADD CONSTRAINT "model_photos_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_photos" ADD CONSTRAINT "model_photos_model_project_id_model_projects_id_fk" FOREIGN KEY ("model_project_id") REFERENCES "public"."model_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_projects" ADD CONSTRAINT "model_projects_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_projects" ADD CONSTRAINT "model_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_notes" ADD CONSTRAINT "profile_notes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_notes" ADD CONSTRAINT "profile_notes_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_notes" ADD CONSTRAINT "profile_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_photos_model" ON "model_photos" USING btree ("model_id","model_project_id");--> statement-breakpoint
CREATE INDEX "model_projects_model" ON "model_projects" USING btree ("model_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "profile_notes_profile" ON "profile_notes" USING btree ("profile_id","created_at");--> statement-breakpoint
-- The models list's default order (newest first) and its keyset paging.
CREATE INDEX IF NOT EXISTS "models_created_id" ON "models" USING btree ("created_at","id");
