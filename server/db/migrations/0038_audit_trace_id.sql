-- The OpenTelemetry trace id of the request an audit row records (null when tracing is off): an expand-only change,
-- a nullable column without a default, so no table rewrite and no long lock on a large audit_log.
ALTER TABLE "audit_log" ADD COLUMN "trace_id" text;
