CREATE TABLE "payment_provider_sandbox" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"object_id" text,
	"charge_id" text,
	"provider_ref" text,
	"customer_ref" text,
	"payment_method" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"decline_code" text,
	"decline_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_provider_sandbox_object_id_unique" UNIQUE("object_id"),
	CONSTRAINT "payment_provider_sandbox_operation" CHECK ("payment_provider_sandbox"."operation" in ('charge', 'refund')),
	CONSTRAINT "payment_provider_sandbox_status" CHECK ("payment_provider_sandbox"."status" in ('succeeded', 'declined'))
);
--> statement-breakpoint
CREATE INDEX "payment_provider_sandbox_charge" ON "payment_provider_sandbox" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "payment_provider_sandbox_customer" ON "payment_provider_sandbox" USING btree ("customer_ref");