-- Presence (issue 22, item 1; server/collab/presence.ts): who has a record open now, one row per staff member, tab and
-- record, beaten by the tab every few seconds; a row not beaten for a while is swept. Each visible change (someone
-- arrives, leaves, or starts doing something else) is told to every server process, which tells the streams watching.
CREATE TABLE "presence" (
	"staff_id" integer NOT NULL REFERENCES "staff"("id") ON DELETE CASCADE,
	"tab_id" text NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"activity" text,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presence_pk" PRIMARY KEY("staff_id","tab_id","kind","id")
);
--> statement-breakpoint
CREATE INDEX "presence_record" ON "presence" ("kind","id");--> statement-breakpoint
CREATE INDEX "presence_beat" ON "presence" ("beat_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION loupe_presence_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A beat alone (beat_at) changes nothing anyone sees.
  IF TG_OP = 'UPDATE' AND NEW.activity IS NOT DISTINCT FROM OLD.activity THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('loupe_presence', json_build_object('kind', OLD.kind, 'id', OLD.id)::text);
  ELSE
    PERFORM pg_notify('loupe_presence', json_build_object('kind', NEW.kind, 'id', NEW.id)::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER presence_changed AFTER INSERT OR UPDATE OR DELETE ON presence FOR EACH ROW
  EXECUTE FUNCTION loupe_presence_changed();
