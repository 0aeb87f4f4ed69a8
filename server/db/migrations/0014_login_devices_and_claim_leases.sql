ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "device" text;