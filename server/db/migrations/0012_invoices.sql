CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charge_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"number" text NOT NULL,
	"version" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"vat_note" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_charge_version" ON "invoices" USING btree ("charge_id","version");--> statement-breakpoint
CREATE INDEX "invoices_customer" ON "invoices" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE TRIGGER invoices_no_update BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION ledger_refuse_update();
