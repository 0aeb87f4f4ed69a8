-- Issue 19 item 5: a short link counts one click per visitor per minute. The visitor is a keyed hash (HMAC of the
-- address and user agent under the server secret, 32 hex digits): no address is stored. Rows older than the current
-- minute are pruned by the click counter.
CREATE TABLE IF NOT EXISTS "short_link_visits" (
	"slug" text NOT NULL,
	"visitor" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	CONSTRAINT "short_link_visits_pkey" PRIMARY KEY ("slug", "visitor", "minute")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "short_link_visits_minute" ON "short_link_visits" ("minute");
