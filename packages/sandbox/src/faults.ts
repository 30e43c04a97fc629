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
  })
  .refine((rule) => rule.kind !== 'latency' || rule.latencyMs !== undefined, {
    message: 'latency rules need latencyMs: [min, max]',
    path: ['latencyMs'],
  });

export type FaultRule = z.infer<typeof faultRuleSchema>;
export type FaultRuleInput = z.input<typeof faultRuleSchema>;

export interface ActiveFaultRule extends FaultRule {
  id: number;
  fired: number;
  /** Matching requests seen so far (for `after`). */
  seen: number;
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
  decide(network: 'x' | 'linkedin', endpoint: string): FaultDecision;
  readonly active: boolean;
}

function matches(pattern: string, endpoint: string): boolean {
  if (pattern === '*' || pattern === endpoint) return true;
  return pattern.endsWith('*') && endpoint.startsWith(pattern.slice(0, -1));
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
    decide(network, endpoint) {
      const decision: FaultDecision = { latencyMs: 0 };
      for (const rule of rules) {
        if (rule.network !== network || !matches(rule.endpoint, endpoint)) continue;
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
