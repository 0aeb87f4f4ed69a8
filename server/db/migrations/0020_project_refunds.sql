ALTER TABLE "charges" ADD COLUMN "project_id" bigint;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "operation" text DEFAULT 'charge' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_of" bigint;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "project_id" bigint;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD COLUMN "project_id" bigint;--> statement-breakpoint
CREATE INDEX "charges_project" ON "charges" USING btree ("project_id") WHERE "charges"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "charges_refund_of" ON "charges" USING btree ("refund_of") WHERE "charges"."refund_of" is not null;--> statement-breakpoint
CREATE INDEX "customer_credits_project" ON "customer_credits" USING btree ("project_id") WHERE "customer_credits"."project_id" is not null;