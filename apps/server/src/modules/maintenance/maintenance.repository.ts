import type { Queryable } from '../../db/client';

/** Clean-up of rows that only matter for a while. */
export function createMaintenanceRepository(db: Queryable) {
  return {
    async deleteExpired(now: Date, dayAgo: Date): Promise<void> {
      await db.query('DELETE FROM oauth_states WHERE expires_at < $1', [now]);
      await db.query('DELETE FROM login_tickets WHERE expires_at < $1', [dayAgo]);
      await db.query('DELETE FROM spent_refresh_tokens WHERE expires_at < $1', [now]);
      await db.query('DELETE FROM rate_limit_counters WHERE window_start < $1', [dayAgo]);
      await db.query('DELETE FROM worker_heartbeats WHERE last_seen_at < $1', [dayAgo]);
      // A day's grace so a device signed out a moment ago still hears "signed out", not "unknown".
      await db.query('DELETE FROM sessions WHERE refresh_expires_at < $1 OR revoked_at < $1', [dayAgo]);
      await db.query('DELETE FROM password_reset_tokens WHERE expires_at < $1', [dayAgo]);
    },

    /** Webhook deliveries finished (last tried) before `cutoff`, then events dispatched before it (docs/decisions/166-webhook-retention.md). */
    async deleteWebhookHistory(cutoff: Date): Promise<void> {
      await db.query(`DELETE FROM webhook_deliveries WHERE status <> 'pending' AND coalesce(last_attempt_at, created_at) < $1`, [cutoff]);
      await db.query('DELETE FROM webhook_events WHERE dispatched_at < $1', [cutoff]);
    },
  };
}
