-- The notification relay wakes on commit: a delivery row that becomes pending (a new lead's,
-- or a dead letter an admin re-queued) is announced on the "outbox_pending" channel. NOTIFY is
-- delivered on commit only, and PostgreSQL folds identical notifications of one transaction
-- into one. Every worker LISTENs and relays at once; its polling stays as the fallback.
CREATE OR REPLACE FUNCTION notify_outbox_pending() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_pending', NEW.channel::text);
  RETURN NEW;
END;
$$;

CREATE TRIGGER outbox_pending_notify
AFTER INSERT OR UPDATE OF status ON "notification_delivery"
FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION notify_outbox_pending();
