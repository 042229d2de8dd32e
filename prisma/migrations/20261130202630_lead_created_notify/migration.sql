-- Live dashboards: every committed new lead is announced on the "lead_created" channel (NOTIFY
-- is delivered on commit only, so a rolled-back lead is never announced). Each web node
-- LISTENs and pushes the event to its open dashboards over SSE.
CREATE OR REPLACE FUNCTION notify_lead_created() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lead_created', NEW.id::text);
  RETURN NEW;
END;
$$;

CREATE TRIGGER lead_created_notify
AFTER INSERT ON "lead"
FOR EACH ROW EXECUTE FUNCTION notify_lead_created();
