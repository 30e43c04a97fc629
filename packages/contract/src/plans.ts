/**
 * The four plans (docs/product.md, Plans), in one place: the landing page's pricing section renders them and the
 * server can enforce `PLAN_LIMITS`. Plain data, no zod, so the landing page carries no schema code.
 */

export const planIds = ['free', 'pro', 'business', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

/** What a plan sells beyond counts; the server refuses these where they are built (requireFeature). */
export interface PlanFeatures {
  bulkScheduling: boolean;
  apiAccess: boolean;
  whiteLabel: boolean;
}
export type PlanFeature = keyof PlanFeatures;

export interface PlanLimits {
  /** Posts a workspace's members may publish or schedule per day, together; null means unlimited. */
  postsPerDay: number | null;
  /** Connected social accounts in the workspace; null means unlimited. */
  socialAccounts: number | null;
  /** Members of the workspace; null means unlimited. */
  teamMembers: number | null;
  /** How far back post history and analytics reach, in days; null means no limit. */
  historyDays: number | null;
  features: PlanFeatures;
}

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars per month; 0 is free. */
  priceUsd: number;
  /** What the price is for: 'forever' (free) or 'month'. */
  period: 'forever' | 'month';
  tagline: string;
  mostPopular: boolean;
  /** The plan's contents as the pricing section lists them (docs/product.md, Public site · Pricing). */
  features: readonly string[];
  limits: PlanLimits;
}

export const plans: readonly Plan[] = [
  {
    id: 'free',
    name: 'Starter',
    priceUsd: 0,
    period: 'forever',
    tagline: 'For trying Postflow and posting now and then.',
    mostPopular: false,
    features: ['1 post per day', '2 social accounts', '30-day history', 'Email support'],
    limits: {
      postsPerDay: 1,
      socialAccounts: 2,
      teamMembers: 1,
      historyDays: 30,
      features: { bulkScheduling: false, apiAccess: false, whiteLabel: false },
    },
  },
  {
    id: 'pro',
    name: 'Creator',
    priceUsd: 9.99,
    period: 'month',
    tagline: 'For people who post every day.',
    mostPopular: true,
    features: ['15 posts per day', 'Unlimited accounts', 'Analytics', 'Scheduling up to 30 days ahead'],
    limits: {
      postsPerDay: 15,
      socialAccounts: null,
      teamMembers: 1,
      historyDays: null,
      features: { bulkScheduling: false, apiAccess: false, whiteLabel: false },
    },
  },
  {
    id: 'business',
    name: 'Scale',
    priceUsd: 24.99,
    period: 'month',
    tagline: 'For small teams and company pages.',
    mostPopular: false,
    features: ['50 posts per day', '3 team users', 'Bulk scheduling', 'LinkedIn organisation posting'],
    limits: {
      postsPerDay: 50,
      socialAccounts: null,
      teamMembers: 3,
      historyDays: null,
      features: { bulkScheduling: true, apiAccess: false, whiteLabel: false },
    },
  },
  {
    id: 'enterprise',
    name: 'Agency',
    priceUsd: 49.99,
    period: 'month',
    tagline: 'For agencies running many brands.',
    mostPopular: false,
    features: ['Unlimited posts and members', 'API access', 'White-label'],
    limits: {
      postsPerDay: null,
      socialAccounts: null,
      teamMembers: null,
      historyDays: null,
      features: { bulkScheduling: true, apiAccess: true, whiteLabel: true },
    },
  },
];

export const PLAN_LIMITS: Readonly<Record<PlanId, PlanLimits>> = Object.fromEntries(plans.map((plan) => [plan.id, plan.limits])) as Record<
  PlanId,
  PlanLimits
>;

/** The pricing FAQ (docs/product.md, Public site · Pricing). */
export const ANNUAL_DISCOUNT_PERCENT = 20;
export const MONEY_BACK_DAYS = 30;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value);
}

export function planById(id: PlanId): Plan {
  return plans.find((plan) => plan.id === id) as Plan;
}
