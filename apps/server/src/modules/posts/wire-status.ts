/** A target's status as the web app knows it ('publishing' is 'pending' on the wire). */
export const statusOnTheWire = {
  scheduled: 'scheduled',
  publishing: 'pending',
  published: 'published',
  failed: 'failed',
  needs_reconnect: 'needs_reconnect',
  missed: 'missed',
  pending_approval: 'pending_approval',
  rejected: 'rejected',
  // Only a thread's later parts are ever unsent; a head never is (docs/decisions/155-threads.md).
  unsent: 'failed',
} as const;

/** A thread part's or first comment's status on the wire: 'unsent' says an earlier part failed for good. */
export const partStatusOnTheWire = { ...statusOnTheWire, unsent: 'unsent' } as const;
