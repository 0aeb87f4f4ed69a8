CREATE TABLE "promotion_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_link_id_promotion_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."promotion_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_link_customer" ON "promotion_redemptions" USING btree ("link_id","customer_id");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_link_redeemed" ON "promotion_redemptions" USING btree ("link_id","redeemed_at");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_customer_redeemed" ON "promotion_redemptions" USING btree ("customer_id","redeemed_at");