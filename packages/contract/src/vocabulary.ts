/** The closed sets of words the API speaks, without zod: the browser reads them up front, the schemas enforce them. */

export const networks = ['x', 'linkedin'] as const;

/** What one target is at: waiting, going out, out, or why not. */
const targetStatuses = [
  'scheduled',
  'pending',
  'published',
  'failed',
  'missed',
  'needs_reconnect',
  // Approvals (docs/decisions/130-approvals.md): waiting for an owner or admin, or sent back with a reason.
  'pending_approval',
  'rejected',
] as const;

export const postStatuses = [
  ...targetStatuses,
  // A thread (or a post with a first comment) of which some parts went out and a later one failed
  // for good; the parts say which (docs/decisions/155-threads.md).
  'partially_published',
] as const;

/**
 * A thread part's or first comment's status: a post's, or 'unsent' when an earlier part failed for
 * good and this one waits for "Retry from part k" (docs/decisions/155-threads.md).
 */
export const threadPartStatuses = [...targetStatuses, 'unsent'] as const;

/** The event names of the post status stream (`GET /posts/status-changes`, decision 125). */
export const postStatusEvents = { change: 'change', resync: 'resync' } as const;

/** docs/product.md, Dashboard · Controls: the dashboard's time ranges; 30 days by default. */
export const dashboardRanges = ['7d', '30d', '90d', '1y'] as const;
export type DashboardRange = (typeof dashboardRanges)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = '30d';
export const DASHBOARD_RANGE_DAYS: Record<DashboardRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

export const feedbackTypes = ['feature_request', 'bug_report', 'general'] as const;
export type FeedbackType = (typeof feedbackTypes)[number];

/** docs/product.md, Dashboard · Quick actions and PRO prompt: what the PRO prompt asks for, word for word. */
export function proFeatureRequest(feature: string): { type: FeedbackType; title: string; content: string } {
  return {
    type: 'feature_request',
    title: `Pro Feature Request: ${feature}`,
    content: `I am interested in the ${feature} PRO feature.`,
  };
}

/** How each network is named in text a person reads. */
export function networkName(network: (typeof networks)[number]): 'X' | 'LinkedIn' {
  return network === 'x' ? 'X' : 'LinkedIn';
}

/** The noun that goes with a count, in every text a person reads: '1 comment', '0 comments', '2 replies' (`pluralForm`). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** The days of a weekly posting slot, Monday first (docs/product.md, Queue). */
export const slotDays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type SlotDay = (typeof slotDays)[number];

/** How a day is written for people: 'Mon'. */
export const slotDayLabel = (day: SlotDay): string => `${day.charAt(0).toUpperCase()}${day.slice(1)}`;
