CREATE TABLE "charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"purpose" text NOT NULL,
	"description" text NOT NULL,
	"charging_vendor" text NOT NULL,
	"provider_charge_id" text,
	"provider_ref" text,
	"provider_key" text,
	"failure_code" text,
	"failure_message" text,
	"refund_of" bigint,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_amount_positive" CHECK ("charges"."amount" > 0),
	CONSTRAINT "charges_failed_has_reason" CHECK ("charges"."status" = 'SUCCEEDED' or "charges"."failure_message" is not null)
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"provider_key" text PRIMARY KEY NOT NULL,
	"call_id" text NOT NULL,
	"staff_id" integer,
	"customer_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"purpose" text NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "provider_customer_ref" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_method_token" text;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_customer_created" ON "charges" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_provider_key" ON "charges" USING btree ("provider_key");--> statement-breakpoint
CREATE INDEX "payment_attempts_pending" ON "payment_attempts" USING btree ("state","created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: UPDATE is not allowed (write a new row)', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER charges_no_update BEFORE UPDATE ON charges FOR EACH ROW EXECUTE FUNCTION ledger_refuse_update();
--> statement-breakpoint
CREATE TRIGGER customer_credits_no_update BEFORE UPDATE ON customer_credits FOR EACH ROW EXECUTE FUNCTION ledger_refuse_update();
