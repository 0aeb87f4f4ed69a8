-- Session checks are cached for a second by each server process (server/http/session-cache.ts): every change that can
-- end a session or change who a staff member is tells them at commit, whoever makes it (another process, npm run staff, SQL).
CREATE OR REPLACE FUNCTION loupe_notify_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('loupe_access_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER staff_access_changed AFTER UPDATE OF role, active, email, first_name, last_name OR DELETE ON staff
  FOR EACH STATEMENT EXECUTE FUNCTION loupe_notify_access_changed();--> statement-breakpoint
CREATE TRIGGER staff_truncated AFTER TRUNCATE ON staff
  FOR EACH STATEMENT EXECUTE FUNCTION loupe_notify_access_changed();--> statement-breakpoint
CREATE TRIGGER sessions_access_changed AFTER UPDATE OF revoked_at OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION loupe_notify_access_changed();--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION loupe_notify_access_changed();
