import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';

export interface TestSession {
  userId: string;
  token: string;
  headers: { authorization: string };
}

/** Registers a person through the API and answers their session. */
export async function signUp(t: TestApp, name = 'Test Person'): Promise<TestSession> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { name, email: `${randomUUID().slice(0, 8)}@example.com`, password: 'a long enough password' },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const { token, user } = response.json();
  return { userId: user.id, token, headers: { authorization: `Bearer ${token}` } };
}
