CREATE TABLE "record_versions" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"staff_id" integer,
	"call_id" text,
	"body" jsonb,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_versions_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
-- Every successful audit row that names a record bumps that record's version (stale previews: server/collab/) and
-- tells every server process at commit (live updates: server/collab/changes.ts), whoever wrote it: a call, a bulk run.
CREATE OR REPLACE FUNCTION loupe_record_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_versions AS v (kind, id, version, staff_id, call_id, body, changed_at)
    VALUES (NEW.target_kind, NEW.target_id, 1, NEW.staff_id, NEW.call_id, NEW.request_body, NEW.at)
    ON CONFLICT (kind, id) DO UPDATE SET version = v.version + 1, staff_id = excluded.staff_id,
      call_id = excluded.call_id, body = excluded.body, changed_at = excluded.changed_at;
  PERFORM pg_notify('loupe_changes', json_build_object('id', NEW.id, 'at', NEW.at, 'staff_id', NEW.staff_id,
    'call_id', NEW.call_id, 'kind', NEW.target_kind, 'target', NEW.target_id)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_record_changed AFTER INSERT ON audit_log FOR EACH ROW
  WHEN (NEW.outcome = 'ok' AND NEW.target_kind IS NOT NULL AND NEW.target_id IS NOT NULL)
  EXECUTE FUNCTION loupe_record_changed();
