import { createSocialAccount } from './factories';
import { signUp, type TestSession } from './session';
import { insertTarget, type TargetSpec } from './targets';
import type { TestApp } from './test-app';

/** A person with an X and a LinkedIn account, and `post`, which writes a target of theirs on the spec's network. */
export async function personWithAccounts(
  t: TestApp,
  name: string,
  usernames: { x?: string; linkedin?: string } = {},
): Promise<{
  session: TestSession;
  x: string;
  linkedin: string;
  post: (spec: Omit<TargetSpec, 'userId' | 'accountId'>) => Promise<string>;
}> {
  const session = await signUp(t, name);
  const x = await createSocialAccount(t.services, session.userId, { network: 'x', ...(usernames.x ? { username: usernames.x } : {}) });
  const linkedin = await createSocialAccount(t.services, session.userId, {
    network: 'linkedin',
    ...(usernames.linkedin ? { username: usernames.linkedin } : {}),
  });
  const post = (spec: Omit<TargetSpec, 'userId' | 'accountId'>) =>
    insertTarget(t.services, { userId: session.userId, accountId: spec.network === 'x' ? x : linkedin, ...spec });
  return { session, x, linkedin, post };
}
