import { describe, expect, it } from 'vitest';
import { createLinkedInProvider } from '../linkedin/linkedin-provider';
import { createXProvider } from './x-provider';

const common = { clientId: 'id', clientSecret: 'secret', redirectUri: 'http://localhost:8080/cb', scopes: [] };

describe('post addresses (docs/networks.md, X · Post addresses, LinkedIn · Creating a post)', () => {
  it('the real X adapter links x.com/<handle>/status/<id>, or /i/web/status/<id> without a handle', () => {
    const x = createXProvider({ ...common, apiBaseUrl: 'https://api.x.com', authBaseUrl: 'https://x.com', isSandbox: false });
    expect(x.postUrl('1890', 'ada_l')).toBe('https://x.com/ada_l/status/1890');
    expect(x.postUrl('1890')).toBe('https://x.com/i/web/status/1890');
  });

  it('the real LinkedIn adapter links www.linkedin.com/feed/update/<urn>/, whoever the author', () => {
    const linkedIn = createLinkedInProvider({
      ...common,
      apiBaseUrl: 'https://api.linkedin.com',
      authBaseUrl: 'https://www.linkedin.com',
      isSandbox: false,
      version: '202610',
    });
    expect(linkedIn.postUrl('urn:li:share:7', 'ignored')).toBe('https://www.linkedin.com/feed/update/urn:li:share:7/');
  });

  it('sandbox adapters link the sandbox, never x.com or linkedin.com', () => {
    const x = createXProvider({
      ...common,
      apiBaseUrl: 'http://localhost:8081/x',
      authBaseUrl: 'http://localhost:8081/x/',
      isSandbox: true,
    });
    expect(x.postUrl('5', 'demo')).toBe('http://localhost:8081/x/demo/status/5');
  });
});
