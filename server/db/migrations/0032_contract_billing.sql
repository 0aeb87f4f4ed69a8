CREATE TABLE "contract_billing_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"month" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"due_on" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_key" text,
	"charge_id" bigint,
	"failure_message" text,
	"next_retry_on" date,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_billing_periods_month" CHECK ("contract_billing_periods"."month" between 1 and 12),
	CONSTRAINT "contract_billing_periods_amount" CHECK ("contract_billing_periods"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "once_key" text;--> statement-breakpoint
ALTER TABLE "contract_billing_periods" ADD CONSTRAINT "contract_billing_periods_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_billing_periods" ADD CONSTRAINT "contract_billing_periods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_billing_periods" ADD CONSTRAINT "contract_billing_periods_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_billing_periods_once" ON "contract_billing_periods" USING btree ("contract_id","month","kind");--> statement-breakpoint
CREATE INDEX "contract_billing_periods_open" ON "contract_billing_periods" USING btree ("state","next_retry_on") WHERE "contract_billing_periods"."state" in ('pending', 'declined');--> statement-breakpoint
CREATE INDEX "contract_billing_periods_customer" ON "contract_billing_periods" USING btree ("customer_id") WHERE "contract_billing_periods"."state" = 'declined';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_once_key" ON "jobs" USING btree ("once_key");--> statement-breakpoint
-- The first day of month n of a contract that started on start_day: the same day n - 1 months later, rolling over
-- into the next month when that month is shorter (as JavaScript's Date, which server/contracts/records.ts addMonths uses).
CREATE OR REPLACE FUNCTION contract_month_start(start_day date, n integer) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (date_trunc('month', start_day) + make_interval(months => n - 1, days => extract(day from start_day)::int - 1))::date $$;
