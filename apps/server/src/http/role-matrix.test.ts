import { randomUUID } from 'node:crypto';
import { roleAllows, workspaceRoles, type RouteContract, type WorkspaceRole } from '@postflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedRoutes } from '../../test/helpers/contract-routes';
import { signUp, type TestSession } from '../../test/helpers/session';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';

/**
 * Every route × every role × member or not (issue 19): a non-member gets the workspace's 404, a
 * member below the route's role gets 403, and a member at or above it gets past the check. A route
 * added tomorrow is in the matrix the day it is added.
 */
const routes = authedRoutes;

const NOT_A_MEMBER = 'This workspace does not exist, or you are not a member of it.';

describe('who may call what, in a workspace', () => {
  let t: TestApp;
  const members = {} as Record<WorkspaceRole, TestSession>;
  let stranger: TestSession;
  let shared: string;

  /** A workspace with one member of each role; the owner is `members.owner`. */
  async function workspaceWithEveryRole(): Promise<string> {
    const id = (await t.services.workspaces.create(members.owner.userId, { name: 'Matrix' })).id;
    for (const role of workspaceRoles.filter((candidate) => candidate !== 'owner')) {
      await t.database.db.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [
        id,
        members[role].userId,
        role,
      ]);
    }
    return id;
  }

  function call(route: RouteContract, who: TestSession, workspaceId: string) {
    const url = route.path.replace(`:${route.workspaceParam ?? '\0'}`, workspaceId).replace(/:[A-Za-z]+/g, () => randomUUID());
    return t.app.inject({
      method: route.method,
      url,
      headers: { ...who.headers, ...(route.workspaceParam ? {} : { 'x-workspace-id': workspaceId }) },
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    for (const role of workspaceRoles) members[role] = await signUp(t, `The ${role}`);
    stranger = await signUp(t, 'A stranger');
    shared = await workspaceWithEveryRole();
  });
  afterAll(() => t.close());

  it('declares who may call every route that needs a session', () => {
    expect(routes.filter(([, route]) => !route.access).map(([name]) => name)).toEqual([]);
  });

  const inWorkspace = routes.filter(([, route]) => route.access !== 'person');
  const personRoutes = routes.filter(([, route]) => route.access === 'person');

  for (const [name, route] of inWorkspace) {
    const needed = route.access as WorkspaceRole;

    it(`${name} (${needed}): a non-member gets 404 and learns nothing`, async () => {
      const workspaceId = route.workspaceParam ? await workspaceWithEveryRole() : shared;
      const response = await call(route, stranger, workspaceId);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(NOT_A_MEMBER);
    });

    for (const role of workspaceRoles) {
      const allowed = roleAllows(role, needed);
      // A stream stays open for as long as it is allowed to; only the refusals are asked of it.
      if (allowed && route.stream) continue;
      it(`${name} (${needed}): ${allowed ? 'lets' : 'refuses'} a${role === 'admin' || role === 'owner' ? 'n' : ''} ${role}`, async () => {
        const workspaceId = route.workspaceParam ? await workspaceWithEveryRole() : shared;
        const response = await call(route, members[role], workspaceId);
        if (allowed) {
          expect(response.statusCode, response.body).not.toBe(403);
          if (response.statusCode === 404) expect(response.json().error.message).not.toBe(NOT_A_MEMBER);
        } else {
          expect(response.statusCode).toBe(403);
          expect(response.json().error.message).toMatch(new RegExp(`^You are an? ${role} in this workspace, so you cannot do this`));
        }
      });
    }
  }

  // One person for all of them (sign-ups are rate-limited); the calls that end or change the session go last.
  const endsSession = (route: RouteContract) => route.path === '/auth/logout' || route.path === '/auth/password';
  const inOrder = [...personRoutes.filter(([, route]) => !endsSession(route)), ...personRoutes.filter(([, route]) => endsSession(route))];
  let person: TestSession | undefined;
  for (const [name, route] of inOrder) {
    it(`${name} (the person's own): works whatever workspace the caller names`, async () => {
      person ??= await signUp(t, 'Someone');
      const response = await call(route, person, shared);
      expect(response.statusCode, response.body).not.toBe(403);
      if (response.statusCode === 404) expect(response.json().error.message).not.toBe(NOT_A_MEMBER);
    });
  }
});
