ALTER TABLE "customer_notifications" ADD COLUMN "broadcast_id" integer;--> statement-breakpoint
ALTER TABLE "notification_broadcasts" ADD COLUMN "read_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_broadcasts" ADD COLUMN "first_read_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: deliveries move onto the notifications they wrote, read counts are stored from now on.
UPDATE "customer_notifications" cn SET "broadcast_id" = d."broadcast_id" FROM "notification_deliveries" d WHERE d."customer_notification_id" = cn."id";--> statement-breakpoint
UPDATE "notification_broadcasts" b SET "read_count" = r."n", "first_read_at" = r."first" FROM (SELECT "broadcast_id", count("read_at")::int AS "n", min("read_at") AS "first" FROM "customer_notifications" WHERE "broadcast_id" IS NOT NULL GROUP BY "broadcast_id") r WHERE r."broadcast_id" = b."id";--> statement-breakpoint
CREATE FUNCTION "count_broadcast_read"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "notification_broadcasts" SET
    "read_count" = "read_count" + (NEW."read_at" IS NOT NULL)::int - (OLD."read_at" IS NOT NULL)::int,
    "first_read_at" = CASE WHEN NEW."read_at" IS NULL THEN "first_read_at" ELSE least("first_read_at", NEW."read_at") END
  WHERE "id" = NEW."broadcast_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customer_notifications_read" AFTER UPDATE OF "read_at" ON "customer_notifications" FOR EACH ROW
  WHEN (NEW."broadcast_id" IS NOT NULL AND (OLD."read_at" IS NULL) <> (NEW."read_at" IS NULL))
  EXECUTE FUNCTION "count_broadcast_read"();--> statement-breakpoint
DROP TABLE "notification_deliveries" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_notifications_broadcast_customer" ON "customer_notifications" USING btree ("broadcast_id","customer_id") WHERE "customer_notifications"."broadcast_id" is not null;
