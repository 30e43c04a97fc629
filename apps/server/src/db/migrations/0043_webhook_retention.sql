-- The maintenance job forgets webhook history after 30 days (docs/decisions/166-webhook-retention.md).
-- Finished deliveries go by their last attempt, so a delivery redelivered today stays in the log.
CREATE INDEX webhook_deliveries_finished_idx ON webhook_deliveries ((coalesce(last_attempt_at, created_at))) WHERE status <> 'pending';
CREATE INDEX webhook_events_dispatched_idx ON webhook_events (dispatched_at) WHERE dispatched_at IS NOT NULL;
-- Deleting an event sets its deliveries' event_id to null: without this, each deleted event would read every delivery.
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);
