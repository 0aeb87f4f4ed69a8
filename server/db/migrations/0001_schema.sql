CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"staff_role" text,
	"call_id" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"target_kind" text,
	"target_id" text,
	"request_body" jsonb,
	"outcome" text NOT NULL,
	"status" integer NOT NULL,
	"detail" text,
	"request_id" text,
	"ip" text,
	CONSTRAINT "audit_log_outcome" CHECK ("audit_log"."outcome" in ('ok', 'refused', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"business_name" text,
	"vat_id" text,
	"country" text,
	"address" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"payment_link" text,
	"subscription_type" text NOT NULL,
	"culling_subscription_type" text DEFAULT 'NONE' NOT NULL,
	"profiles_used" integer DEFAULT 0 NOT NULL,
	"profiles_max" integer DEFAULT 3 NOT NULL,
	"trial_photos_used" integer DEFAULT 0 NOT NULL,
	"trial_photos_max" integer DEFAULT 1000 NOT NULL,
	"referred_signups" integer DEFAULT 0 NOT NULL,
	"referred_subscribed" integer DEFAULT 0 NOT NULL,
	"charge_date" timestamp with time zone,
	"last_charge_amount" bigint,
	"affiliate" text,
	"charge_failed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"utm_source" text,
	"utm_campaign" text,
	"utm_content" text,
	"referred_by" text,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"suspended_at" timestamp with time zone,
	"suspend_reason" text,
	"suspend_description" text,
	"failed_charge_amount" bigint,
	"failed_charge_reason" text,
	"max_proj_id_for_charge_retry" integer,
	"number_of_charge_retries" integer DEFAULT 0 NOT NULL,
	"last_updated_row" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_email_cnt" integer DEFAULT 0 NOT NULL,
	"clicked_email_cnt" integer DEFAULT 0 NOT NULL,
	"abusive_suspicious" boolean DEFAULT false NOT NULL,
	"abusive_ignore" boolean DEFAULT false NOT NULL,
	"is_partner" boolean DEFAULT false NOT NULL,
	"is_managed_by_csm" boolean DEFAULT false NOT NULL,
	CONSTRAINT "customers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"staff_id" integer NOT NULL,
	"key" text NOT NULL,
	"call_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"status" integer,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_staff_id_key_pk" PRIMARY KEY("staff_id","key"),
	CONSTRAINT "idempotency_keys_state" CHECK ("idempotency_keys"."state" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "last_viewed" (
	"staff_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "last_viewed_staff_id_customer_id_pk" PRIMARY KEY("staff_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"replaced_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "staff_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_viewed" ADD CONSTRAINT "last_viewed_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_viewed" ADD CONSTRAINT "last_viewed_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_replaced_by_refresh_tokens_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."refresh_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("target_kind","target_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_staff" ON "audit_log" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "customers_status_date_added" ON "customers" USING btree ("status","date_added");--> statement-breakpoint
CREATE INDEX "customers_date_added" ON "customers" USING btree ("date_added");--> statement-breakpoint
CREATE INDEX "customers_email_trgm" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm" ON "customers" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_business_trgm" ON "customers" USING gin ("business_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "last_viewed_staff_viewed" ON "last_viewed" USING btree ("staff_id","viewed_at");--> statement-breakpoint
CREATE INDEX "login_failures_email_at" ON "login_failures" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_at" ON "login_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_id" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_staff_id" ON "sessions" USING btree ("staff_id");