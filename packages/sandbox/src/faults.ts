import { z } from 'zod';
import { mulberry32, hashString, type Random } from './random';

export const FAULT_KINDS = [
  'latency',
  'rate_limit',
  'server_error',
  'connection_reset',
  'timeout_after_create',
  // The step answers normally, but the media it finishes fails processing (X FINALIZE, LinkedIn video finalize or document upload).
  'processing_failed',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const faultRuleSchema = z
  .object({
    network: z.enum(['x', 'linkedin']),
    endpoint: z.string().min(1).default('*'),
    kind: z.enum(FAULT_KINDS),
    rate: z.number().min(0).max(1).default(1),
    latencyMs: z
      .tuple([z.number().int().min(0), z.number().int().min(0)])
      .refine(([min, max]) => min <= max, 'latencyMs must be [min, max] with min <= max')
      .optional(),
    holdMs: z.number().int().min(0).optional(),
    times: z.number().int().positive().optional(),
    /** Let this many matching requests through first: `after: 1, times: 1` hits only the 2nd APPEND. */
    after: z.number().int().min(0).optional(),
    status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).optional(),
    /**
     * Only requests that answer a post (an X reply's `reply.in_reply_to_tweet_id`, the post a LinkedIn comment is on):
     * `true` any, `false` none (a thread's first part), or that post's id or urn.
     */
    inReplyTo: z.union([z.boolean(), z.string().min(1)]).optional(),
    /** Only requests whose text (X `text`, LinkedIn `commentary` or a comment's `message.text`) matches this regular expression. */
    textMatches: z
      .string()
      .refine((pattern) => compiles(pattern), 'textMatches must be a valid regular expression')
      .optional(),
  })
  .refine((rule) => rule.kind !== 'latency' || rule.latencyMs !== undefined, {
    message: 'latency rules need latencyMs: [min, max]',
    path: ['latencyMs'],
  });

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

export type FaultRule = z.infer<typeof faultRuleSchema>;
export type FaultRuleInput = z.input<typeof faultRuleSchema>;

export interface ActiveFaultRule extends FaultRule {
  id: number;
  fired: number;
  /** Matching requests seen so far (for `after`). */
  seen: number;
}

/** What a create request says about itself, for rules that target one part of a chain or one comment. */
export interface FaultSubject {
  inReplyTo?: string | undefined;
  text?: string | undefined;
}

/** A subject's field from a request body that may be anything (malformed JSON included). */
export function subjectText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export interface FaultDecision {
  latencyMs: number;
  fault?: { kind: Exclude<FaultKind, 'latency'>; holdMs: number; status: number; ruleId: number };
}

export const DEFAULT_HOLD_MS = 30_000;

export interface FaultInjector {
  set(rules: FaultRule[], seed?: string): ActiveFaultRule[];
  clear(): void;
  list(): ActiveFaultRule[];
  decide(network: 'x' | 'linkedin', endpoint: string, subject?: FaultSubject): FaultDecision;
  readonly active: boolean;
}

function matches(pattern: string, endpoint: string): boolean {
  if (pattern === '*' || pattern === endpoint) return true;
  return pattern.endsWith('*') && endpoint.startsWith(pattern.slice(0, -1));
}

/** A rule with `inReplyTo` or `textMatches` only sees requests that carry a subject (creates of posts and comments). */
function matchesSubject(rule: FaultRule, subject: FaultSubject | undefined): boolean {
  if (rule.inReplyTo === undefined && rule.textMatches === undefined) return true;
  if (!subject) return false;
  if (rule.inReplyTo === true && !subject.inReplyTo) return false;
  if (rule.inReplyTo === false && subject.inReplyTo) return false;
  if (typeof rule.inReplyTo === 'string' && subject.inReplyTo !== rule.inReplyTo) return false;
  return rule.textMatches === undefined || new RegExp(rule.textMatches).test(subject.text ?? '');
}

/**
 * Seeded when the sandbox has a seed, so a test that injects "30% server errors" sees the same
 * sequence on every run (given the same request order).
 */
export function createFaultInjector(seed: string | undefined): FaultInjector {
  let rules: ActiveFaultRule[] = [];
  let nextId = 1;
  let random: Random = seed === undefined ? Math.random : mulberry32(hashString(`${seed}:faults`));

  function roll(rule: ActiveFaultRule): boolean {
    rule.seen++;
    if (rule.after !== undefined && rule.seen <= rule.after) return false;
    if (rule.times !== undefined && rule.fired >= rule.times) return false;
    if (rule.rate < 1 && random() >= rule.rate) return false;
    rule.fired++;
    return true;
  }

  return {
    set(newRules, faultSeed) {
      const effectiveSeed = faultSeed ?? seed;
      random = effectiveSeed === undefined ? Math.random : mulberry32(hashString(`${effectiveSeed}:faults`));
      rules = newRules.map((rule) => ({ ...rule, id: nextId++, fired: 0, seen: 0 }));
      return rules;
    },
    clear() {
      rules = [];
    },
    list() {
      return rules;
    },
    get active() {
      return rules.length > 0;
    },
    decide(network, endpoint, subject) {
      const decision: FaultDecision = { latencyMs: 0 };
      for (const rule of rules) {
        if (rule.network !== network || !matches(rule.endpoint, endpoint) || !matchesSubject(rule, subject)) continue;
        if (rule.kind === 'latency') {
          if (roll(rule)) {
            const [min, max] = rule.latencyMs ?? [0, 0];
            decision.latencyMs += min + Math.floor(random() * (max - min + 1));
          }
          continue;
        }
        if (decision.fault || !roll(rule)) continue;
        decision.fault = {
          kind: rule.kind,
          holdMs: rule.holdMs ?? DEFAULT_HOLD_MS,
          status: rule.status ?? 500,
          ruleId: rule.id,
        };
      }
      return decision;
    },
  };
}
