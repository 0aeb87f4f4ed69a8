ALTER TABLE "models" ADD COLUMN "held_from" text;--> statement-breakpoint
CREATE INDEX "models_pending" ON "models" USING btree ("created_at") WHERE "models"."state" = 'PENDING';--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_held_from_only_on_hold" CHECK ("models"."state" = 'ON_HOLD' or "models"."held_from" is null);