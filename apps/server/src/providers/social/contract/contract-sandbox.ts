import { createSandbox, type Sandbox, type SandboxOptions } from '@postflow/sandbox';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createLinkedInProvider, type LinkedInProviderOptions } from '../linkedin/linkedin-provider';
import type { SocialProvider } from '../social-provider';
import { createXProvider, type XProviderOptions } from '../x/x-provider';
import { admin } from './sandbox-client';

/** A sandbox per contract test file, and adapters pointed at it with the sandbox's built-in apps. */

const APP_URL = 'http://localhost:8080';

/** Starts the sandbox before the file's tests, resets it before each one and stops it after; `url()` is its base URL. */
export function useContractSandbox(options: Omit<SandboxOptions, 'appUrl'>): { url: () => string } {
  let sandbox: Sandbox | undefined;
  let baseUrl = '';
  beforeAll(async () => {
    sandbox = createSandbox({ appUrl: APP_URL, ...options });
    baseUrl = await sandbox.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  beforeEach(async () => {
    await admin(baseUrl, '/_sandbox/reset', {});
  });
  return { url: () => baseUrl };
}

export function sandboxXProvider(baseUrl: string, overrides: Partial<XProviderOptions> = {}): SocialProvider {
  return createXProvider({
    clientId: 'postflow-sandbox-x',
    clientSecret: 'postflow-sandbox-x-secret',
    apiBaseUrl: `${baseUrl}/x`,
    authBaseUrl: `${baseUrl}/x`,
    isSandbox: true,
    redirectUri: `${APP_URL}/auth/x/callback`,
    scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
    ...overrides,
  });
}

export function sandboxLinkedInProvider(baseUrl: string, overrides: Partial<LinkedInProviderOptions> = {}): SocialProvider {
  return createLinkedInProvider({
    clientId: 'postflow-sandbox-linkedin',
    clientSecret: 'postflow-sandbox-linkedin-secret',
    apiBaseUrl: `${baseUrl}/linkedin`,
    authBaseUrl: `${baseUrl}/linkedin`,
    isSandbox: true,
    redirectUri: `${APP_URL}/auth/linkedin/callback`,
    scopes: [
      'openid',
      'profile',
      'email',
      'w_member_social',
      'r_member_social',
      'w_organization_social',
      'r_organization_social',
      'rw_organization_admin',
    ],
    version: '202610',
    ...overrides,
  });
}
