import { createRequire } from 'node:module';

interface LinkedInClientConstants {
  OAUTH_BASE_URL: string;
  NON_VERSIONED_BASE_URL: string;
  VERSIONED_BASE_URL: string;
}

const require = createRequire(import.meta.url);

/**
 * linkedin-api-client builds every URL from three exported constants (lib/utils/constants.ts);
 * pointing those at the sandbox is the only change the client needs.
 */
export function pointLinkedInClientAt(baseUrl: string): void {
  const constants = require('linkedin-api-client/dist/lib/utils/constants.js') as LinkedInClientConstants;
  constants.OAUTH_BASE_URL = `${baseUrl}/linkedin/oauth/v2`;
  constants.NON_VERSIONED_BASE_URL = `${baseUrl}/linkedin/v2`;
  constants.VERSIONED_BASE_URL = `${baseUrl}/linkedin/rest`;
}

export const LINKEDIN_VERSION = '202608';
