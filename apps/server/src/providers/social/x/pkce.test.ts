import { describe, expect, it } from 'vitest';
import { pkceChallengeS256 } from './pkce';

describe('pkceChallengeS256', () => {
  it('matches the RFC 7636 Appendix B test vector', () => {
    expect(pkceChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});
