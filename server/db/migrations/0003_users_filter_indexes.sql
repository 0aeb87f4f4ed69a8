DROP INDEX "customers_status_date_added";--> statement-breakpoint
DROP INDEX "customers_date_added";--> statement-breakpoint
CREATE INDEX "customers_date_added_id" ON "customers" USING btree ("date_added","id");--> statement-breakpoint
CREATE INDEX "customers_status_date_added_id" ON "customers" USING btree ("status","date_added","id");--> statement-breakpoint
CREATE INDEX "customers_subscription_date_added_id" ON "customers" USING btree ("subscription_type","date_added","id");--> statement-breakpoint
CREATE INDEX "customers_country_date_added_id" ON "customers" USING btree ("country","date_added","id");--> statement-breakpoint
CREATE INDEX "customers_last_charge_amount_id" ON "customers" USING btree ("last_charge_amount","id");--> statement-breakpoint
CREATE INDEX "customers_charge_date_id" ON "customers" USING btree ("charge_date","id");--> statement-breakpoint
CREATE INDEX "customers_email_lower" ON "customers" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_email_domain" ON "customers" USING btree (split_part(lower("email"), '@', 2) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_name_lower" ON "customers" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_last_name_lower" ON "customers" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_business_lower" ON "customers" USING btree (lower("business_name") text_pattern_ops);