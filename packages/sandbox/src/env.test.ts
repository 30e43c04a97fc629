import { describe, expect, it } from 'vitest';
import { readSandboxEnv } from './env';

describe('readSandboxEnv', () => {
  it('applies the documented defaults', () => {
    expect(readSandboxEnv({})).toEqual({ SANDBOX_PORT: 8081, SANDBOX_HOST: '127.0.0.1', SANDBOX_APP_URL: 'http://localhost:8080' });
  });

  it('names the variable that is wrong', () => {
    expect(() => readSandboxEnv({ SANDBOX_PORT: 'eighty' })).toThrow(/SANDBOX_PORT/);
    expect(() => readSandboxEnv({ SANDBOX_APP_URL: 'localhost:8080' })).toThrow(/SANDBOX_APP_URL/);
  });

  it('treats empty values as unset', () => {
    expect(readSandboxEnv({ SANDBOX_STATE_FILE: '', SANDBOX_PORT: '9000' })).toMatchObject({ SANDBOX_PORT: 9000 });
  });
});
