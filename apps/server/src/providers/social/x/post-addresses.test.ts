import { describe, expect, it } from 'vitest';
import { createLinkedInProvider } from '../linkedin/linkedin-provider';
import { createXProvider } from './x-provider';

const common = { clientId: 'id', clientSecret: 'secret', redirectUri: 'http://localhost:8080/cb', scopes: [] };
const x = (host: string) => createXProvider({ ...common, apiBaseUrl: `${host}/api`, authBaseUrl: host, isSandbox: false });
const linkedIn = (host: string) =>
  createLinkedInProvider({ ...common, apiBaseUrl: `${host}/api`, authBaseUrl: host, isSandbox: false, version: '202610' });

describe('post addresses (docs/networks.md, X · Post addresses, LinkedIn · Creating a post)', () => {
  it('the real X adapter links x.com/<handle>/status/<id>, or /i/web/status/<id> without a handle', () => {
    expect(x('https://x.com').postUrl('1890', 'ada_l')).toBe('https://x.com/ada_l/status/1890');
    expect(x('https://x.com').postUrl('1890')).toBe('https://x.com/i/web/status/1890');
  });

  it('each adapter links its own web host: linkedin.com for the real one, the sandbox for the sandbox', () => {
    expect(linkedIn('https://www.linkedin.com').postUrl('urn:li:share:7')).toBe('https://www.linkedin.com/feed/update/urn:li:share:7/');
    expect(linkedIn('http://localhost:8081/linkedin').postUrl('urn:li:share:7', 'ignored')).toBe(
      'http://localhost:8081/linkedin/feed/update/urn:li:share:7/',
    );
    expect(x('http://localhost:8081/x/').postUrl('5', 'demo')).toBe('http://localhost:8081/x/demo/status/5');
  });
});
