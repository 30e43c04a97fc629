export { createSandbox, type Sandbox } from './server';
export type { SandboxOptions } from './options';
export type { SandboxState } from './state';
export type { SandboxClock } from './clock';
export type { SandboxContext } from './context';
export type { AppInput, RegisteredApp, Network } from './apps';
export {
  DEFAULT_LINKEDIN_CLIENT_ID,
  DEFAULT_LINKEDIN_CLIENT_SECRET,
  DEFAULT_X_CLIENT_ID,
  DEFAULT_X_CLIENT_SECRET,
  defaultApps,
} from './apps';
export {
  audienceModelSchema,
  DEFAULT_AUDIENCE_MODEL,
  DEFAULT_AUDIENCE_MODEL_PATH,
  loadAudienceModel,
  type AudienceModel,
  type AudienceModelInput,
} from './audience-model';
export { FAULT_KINDS, type FaultKind, type FaultRuleInput } from './faults';
export type { RateLimitOptions } from './rate-limit-config';
export { X_RATE_LIMITED_ENDPOINTS, type XRateLimitedEndpoint } from './x/x-rate-limits';
export { publishedCommentary } from './linkedin/little-text';
export { SEEDED_LINKEDIN_PERSONAS, SEEDED_ORGANIZATIONS, SEEDED_X_PERSONAS } from './seed';
export { SAMPLE_ARTICLE, SAMPLE_ARTICLE_PATH } from './public-posts/sample-article.routes';
