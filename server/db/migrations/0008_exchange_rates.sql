CREATE TABLE "exchange_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"rate_micros" bigint NOT NULL,
	"set_by" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate_micros" > 0),
	CONSTRAINT "exchange_rates_two_currencies" CHECK ("exchange_rates"."from_currency" <> "exchange_rates"."to_currency"),
	CONSTRAINT "exchange_rates_known_from" CHECK ("exchange_rates"."from_currency" in ('USD', 'GBP', 'EUR')),
	CONSTRAINT "exchange_rates_known_to" CHECK ("exchange_rates"."to_currency" in ('USD', 'GBP', 'EUR'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "unbilled_usage" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "unbilled_backup" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_set_by_staff_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_pair_latest" ON "exchange_rates" USING btree ("from_currency","to_currency","id");--> statement-breakpoint
CREATE TRIGGER exchange_rates_no_update BEFORE UPDATE ON exchange_rates FOR EACH ROW EXECUTE FUNCTION ledger_refuse_update();
--> statement-breakpoint
INSERT INTO "exchange_rates" ("from_currency", "to_currency", "rate_micros") VALUES
	('USD', 'EUR', 921300),
	('USD', 'GBP', 788400),
	('EUR', 'USD', 1085400),
	('EUR', 'GBP', 855700),
	('GBP', 'USD', 1268400),
	('GBP', 'EUR', 1168600);
