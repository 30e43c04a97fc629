import type { Network } from '@postflow/contract';
import { networks } from '@postflow/contract/client';

/**
 * docs/product.md, Composer · Steps: four internal steps under three labels. The Enhance step only
 * comes when the AI step is not skipped (docs/decisions/050).
 */
export type WizardStep = 'platforms' | 'content' | 'enhance' | 'review';

export const STEP_LABELS = ['Platforms', 'Content', 'Schedule'] as const;
export type StepLabel = (typeof STEP_LABELS)[number];

/** The stepper label a step sits under: Enhance is still about the text, so it stays under Content. */
export function stepLabel(step: WizardStep): StepLabel {
  switch (step) {
    case 'platforms':
      return 'Platforms';
    case 'content':
    case 'enhance':
      return 'Content';
    case 'review':
      return 'Schedule';
  }
}

/**
 * From Content, Next goes to Review when the AI step is skipped and to Enhance
 * otherwise. The original's toggle is inverted (on → Review); our switch is labelled for what it
 * does, "Post as written", so `skipAi` is simply the switch being on.
 */
export function stepAfterContent(skipAi: boolean): WizardStep {
  return skipAi ? 'review' : 'enhance';
}

/** Back from Review returns to Content when the AI step was skipped, else to Enhance; others one step down. */
export function stepBefore(step: WizardStep, reviewReachedFrom: 'content' | 'enhance'): WizardStep | null {
  switch (step) {
    case 'platforms':
      return null;
    case 'content':
      return 'platforms';
    case 'enhance':
      return 'content';
    case 'review':
      return reviewReachedFrom;
  }
}

/** The networks in the order the wizard always shows them (X first), whatever order they were picked in. */
export function inNetworkOrder(selected: Iterable<Network>): Network[] {
  const chosen = new Set(selected);
  return networks.filter((network) => chosen.has(network));
}

export const NETWORK_NAMES: Record<Network, { name: string; short: string }> = {
  x: { name: 'X (Twitter)', short: 'X' },
  linkedin: { name: 'LinkedIn', short: 'LinkedIn' },
};
