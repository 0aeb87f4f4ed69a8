CREATE TABLE "contract_monthly_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"starting_date" date NOT NULL,
	"number_of_photos" integer DEFAULT 0 NOT NULL,
	"straightening" integer DEFAULT 0 NOT NULL,
	"crops" integer DEFAULT 0 NOT NULL,
	"subject_masks" integer DEFAULT 0 NOT NULL,
	"skin_smooth" integer DEFAULT 0 NOT NULL,
	"hdr_merge" integer DEFAULT 0 NOT NULL,
	"perspective_correction" integer DEFAULT 0 NOT NULL,
	"portrait_crops" integer DEFAULT 0 NOT NULL,
	"whiten_teeth" integer DEFAULT 0 NOT NULL,
	"extra_charge" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"charge_id" bigint,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"state" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"number_of_edits" integer NOT NULL,
	"price_per_edit" bigint NOT NULL,
	"crop_price" bigint NOT NULL,
	"straightening_price" bigint NOT NULL,
	"subject_mask_price" bigint NOT NULL,
	"smooth_skin_price" bigint NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"discount_basis_points" integer NOT NULL,
	"monthly_payment" bigint NOT NULL,
	"yearly_total" bigint NOT NULL,
	"renewal_state" text DEFAULT 'AUTO_RENEWAL' NOT NULL,
	"next_number_of_edits" integer,
	"next_price_per_edit" bigint,
	"next_plan_name" text,
	"next_plan_price" bigint,
	"cancellation_reason" text,
	"cancellation_description" text,
	"edits_used_at_end" integer,
	"replaced_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "contracts_edits_positive" CHECK ("contracts"."number_of_edits" > 0),
	CONSTRAINT "contracts_totals_not_negative" CHECK ("contracts"."yearly_total" >= 0 and "contracts"."monthly_payment" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contract_monthly_usage" ADD CONSTRAINT "contract_monthly_usage_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_monthly_usage" ADD CONSTRAINT "contract_monthly_usage_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_changed_by_staff_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_monthly_usage_month" ON "contract_monthly_usage" USING btree ("contract_id","starting_date");--> statement-breakpoint
CREATE INDEX "contract_monthly_usage_customer" ON "contract_monthly_usage" USING btree ("customer_id","starting_date");--> statement-breakpoint
CREATE INDEX "contract_payments_contract" ON "contract_payments" USING btree ("contract_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_customer" ON "contracts" USING btree ("customer_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_one_active" ON "contracts" USING btree ("customer_id") WHERE "contracts"."state" = 'ACTIVE';--> statement-breakpoint
CREATE TRIGGER contract_payments_no_update BEFORE UPDATE ON contract_payments FOR EACH ROW EXECUTE FUNCTION ledger_refuse_update();
