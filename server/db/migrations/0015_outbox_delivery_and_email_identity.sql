DROP INDEX "outbox_unsent";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
CREATE INDEX "customers_email_identity" ON "customers" USING btree ((case when split_part(lower("email"), '@', 2) in ('gmail.com', 'googlemail.com') then replace(split_part(split_part(lower("email"), '@', 1), '+', 1), '.', '') || '@gmail.com' else split_part(split_part(lower("email"), '@', 1), '+', 1) || '@' || split_part(lower("email"), '@', 2) end));--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox" USING btree ("next_attempt_at","id") WHERE "outbox"."status" in ('PENDING', 'SENDING');--> statement-breakpoint
CREATE INDEX "outbox_created" ON "outbox" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status" CHECK ("outbox"."status" in ('PENDING', 'SENDING', 'SENT', 'FAILED'));--> statement-breakpoint
-- E-mails queued before delivery existed: their subject from the payload; any already marked sent stay SENT.
UPDATE "outbox" SET "subject" = coalesce("payload"->>'subject', "template"), "status" = CASE WHEN "sent_at" IS NULL THEN 'PENDING' ELSE 'SENT' END;
