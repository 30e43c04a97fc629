/**
 * LinkedIn's calls per member per application per day for a self-serve app (social-apis.md B9);
 * a Community Management development tier allows 100. LINKEDIN_DAILY_CALLS overrides it.
 */
export const LINKEDIN_SELF_SERVE_DAILY_CALLS = 150;
