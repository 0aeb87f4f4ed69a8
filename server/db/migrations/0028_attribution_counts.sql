CREATE TABLE "attribution_counts" (
	"utm_source" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"utm_content" text NOT NULL,
	"referred_by" text NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"subscribers" integer DEFAULT 0 NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"lightroom" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attribution_counts_utm_source_utm_campaign_utm_content_referred_by_pk" PRIMARY KEY("utm_source","utm_campaign","utm_content","referred_by")
);
--> statement-breakpoint
CREATE INDEX "attribution_counts_referred_by" ON "attribution_counts" USING btree ("referred_by");--> statement-breakpoint
-- Hand-written from here: the counts follow every customer write in its own transaction (README, Partners management).
CREATE OR REPLACE FUNCTION loupe_attribution_add(c customers, n integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO attribution_counts AS k (utm_source, utm_campaign, utm_content, referred_by, signups, subscribers, logins, lightroom)
  SELECT coalesce(c.utm_source, ''), coalesce(c.utm_campaign, ''), coalesce(c.utm_content, ''),
    CASE WHEN c.referred_by LIKE 'partner:%' THEN c.referred_by ELSE '' END, n,
    CASE WHEN c.subscription_type IN ('METERED', 'METERED_WITH_BASE', 'CORPORATE_CONTRACT') THEN n ELSE 0 END,
    CASE WHEN c.last_activity IS NOT NULL THEN n ELSE 0 END,
    CASE WHEN c.editing_software ILIKE 'lightroom%' THEN n ELSE 0 END
  WHERE (c.utm_source IS NOT NULL AND c.utm_campaign IS NOT NULL) OR c.referred_by LIKE 'partner:%'
  ON CONFLICT (utm_source, utm_campaign, utm_content, referred_by) DO UPDATE SET signups = k.signups + excluded.signups,
    subscribers = k.subscribers + excluded.subscribers, logins = k.logins + excluded.logins,
    lightroom = k.lightroom + excluded.lightroom;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION loupe_attribution_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM loupe_attribution_add(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM loupe_attribution_add(NEW, 1); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION loupe_attribution_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM attribution_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER customers_attribution_insert_delete AFTER INSERT OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION loupe_attribution_follow();--> statement-breakpoint
CREATE TRIGGER customers_attribution_update AFTER UPDATE OF utm_source, utm_campaign, utm_content, referred_by,
  subscription_type, last_activity, editing_software ON customers FOR EACH ROW
  WHEN (old.utm_source IS DISTINCT FROM new.utm_source OR old.utm_campaign IS DISTINCT FROM new.utm_campaign
    OR old.utm_content IS DISTINCT FROM new.utm_content OR old.referred_by IS DISTINCT FROM new.referred_by
    OR old.subscription_type IS DISTINCT FROM new.subscription_type
    OR (old.last_activity IS NULL) <> (new.last_activity IS NULL) OR old.editing_software IS DISTINCT FROM new.editing_software)
  EXECUTE FUNCTION loupe_attribution_follow();--> statement-breakpoint
CREATE TRIGGER customers_attribution_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION loupe_attribution_clear();--> statement-breakpoint
INSERT INTO attribution_counts (utm_source, utm_campaign, utm_content, referred_by, signups, subscribers, logins, lightroom)
  SELECT coalesce(utm_source, ''), coalesce(utm_campaign, ''), coalesce(utm_content, ''),
    CASE WHEN referred_by LIKE 'partner:%' THEN referred_by ELSE '' END, count(*),
    count(*) FILTER (WHERE subscription_type IN ('METERED', 'METERED_WITH_BASE', 'CORPORATE_CONTRACT')),
    count(*) FILTER (WHERE last_activity IS NOT NULL), count(*) FILTER (WHERE editing_software ILIKE 'lightroom%')
  FROM customers WHERE (utm_source IS NOT NULL AND utm_campaign IS NOT NULL) OR referred_by LIKE 'partner:%'
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
ANALYZE attribution_counts;
