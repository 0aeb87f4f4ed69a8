-- Undo (issue 22, item 4; server/undo/). What a command's undo needs that its request body does not hold (the role
-- or model state before, the credit it wrote, the record a create made), and on an undo's own row the row it undid.
ALTER TABLE "audit_log" ADD COLUMN "undo" jsonb;--> statement-breakpoint
-- A row is undone at most once, whatever races.
CREATE UNIQUE INDEX "audit_log_undid" ON "audit_log" (("undo"->>'undid')) WHERE "call_id" = 'undo.undo' AND "outcome" = 'ok';--> statement-breakpoint
-- The audit row of a record's last change: an undo runs only while its own row is still the last (null: a money
-- call's bump before its row, server/collab/preconditions.ts).
ALTER TABLE "record_versions" ADD COLUMN "audit_id" bigint;--> statement-breakpoint
CREATE OR REPLACE FUNCTION loupe_record_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_versions AS v (kind, id, version, staff_id, call_id, body, changed_at, audit_id)
    VALUES (NEW.target_kind, NEW.target_id, 1, NEW.staff_id, NEW.call_id, NEW.request_body, NEW.at, NEW.id)
    ON CONFLICT (kind, id) DO UPDATE SET version = v.version + 1, staff_id = excluded.staff_id,
      call_id = excluded.call_id, body = excluded.body, changed_at = excluded.changed_at, audit_id = excluded.audit_id;
  PERFORM pg_notify('loupe_changes', json_build_object('id', NEW.id, 'at', NEW.at, 'staff_id', NEW.staff_id,
    'call_id', NEW.call_id, 'kind', NEW.target_kind, 'target', NEW.target_id)::text);
  RETURN NULL;
END
$$;
