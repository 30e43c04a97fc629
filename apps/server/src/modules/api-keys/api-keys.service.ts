import {
  API_KEY_PREFIX,
  apiKeyScopeRoles,
  roleAllows,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  type WorkspaceRole,
} from '@postflow/contract';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import { generateToken, hashToken } from '../../lib/tokens';
import { record as recordActivity } from '../activity/activity.repository';
import type { PlanLimitsService } from '../plans/plan-limits';
import type { RateLimiter, RateLimitState } from '../security/rate-limiter';
import { createApiKeysRepository, type ApiKeyRow } from './api-keys.repository';

interface Caller {
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
}

/** Who a key's call is, and how much of its minute it has left (for the RateLimit-* headers). */
export interface KeyCaller {
  keyId: string;
  scopes: ApiKeyScope[];
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
}

const toDto = (row: ApiKeyRow, callerId: string): ApiKey => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  hint: row.hint,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  createdBy: { id: row.userId, name: row.creatorName },
  mine: row.userId === callerId,
});

const KEY_NOT_FOUND = 'No such API key in this workspace. It may have been revoked already.';

/** Personal API keys (docs/decisions/162-api-keys.md). */
export function createApiKeysService(deps: {
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  planLimits: PlanLimitsService;
  roleIn: (workspaceId: string, userId: string) => Promise<WorkspaceRole>;
  /** Calls a minute per key (API_KEY_RATE_LIMIT). */
  rateLimit: number;
}) {
  const { db, clock } = deps;
  const repository = createApiKeysRepository(db);
  const perKey = { name: 'api-key', max: deps.rateLimit, windowMs: 60_000, message: 'This API key made too many calls this minute.' };

  /** A key that is known, not revoked, and whose maker is still a member of its workspace: with that maker's role there now. */
  async function live(token: string) {
    const row = await repository.findLive(hashToken(token));
    if (!row)
      throw unauthorized('This API key is not valid: it may have been revoked, or mistyped. Create a new one in Settings → API keys.');
    const role = await deps.roleIn(row.workspaceId, row.userId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found')
        throw unauthorized('This API key stopped working: the person who made it is no longer a member of its workspace.');
      throw error;
    });
    return { row, role };
  }
  const toCaller = (row: ApiKeyRow, role: WorkspaceRole): KeyCaller => ({
    keyId: row.id,
    scopes: row.scopes,
    userId: row.userId,
    workspaceId: row.workspaceId,
    role,
  });

  /**
   * Who a key stands for, without a route: for the MCP endpoint (docs/decisions/164-mcp-server.md),
   * whose tools then call the API with the key, where scopes and the rate limit apply. Refuses
   * what `authenticate` refuses before looking at a route: 401, or 403 on a plan without API access.
   */
  async function identify(token: string): Promise<KeyCaller> {
    const { row, role } = await live(token);
    await deps.planLimits.requireFeature(db, row.workspaceId, 'apiAccess');
    return toCaller(row, role);
  }

  return {
    async list(caller: Caller): Promise<ApiKey[]> {
      const everyone = roleAllows(caller.role, 'admin');
      const rows = await repository.list(caller.workspaceId, everyone ? undefined : caller.userId);
      return rows.map((row) => toDto(row, caller.userId));
    },

    async create(caller: Caller, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
      await deps.planLimits.requireFeature(db, caller.workspaceId, 'apiAccess');
      const beyond = request.scopes.filter((scope) => !roleAllows(caller.role, apiKeyScopeRoles[scope]));
      if (beyond.length)
        throw new AppError(
          'validation_failed',
          `As a ${caller.role} in this workspace you cannot give a key ${beyond.join(' or ')}: a key can do only what you can.`,
          { fields: { scopes: `Not ${beyond.join(', ')}` } },
        );
      const key = generateToken('ak');
      const id = await db.transaction(async (tx) => {
        const created = await createApiKeysRepository(tx).insert({
          workspaceId: caller.workspaceId,
          userId: caller.userId,
          name: request.name,
          scopes: request.scopes,
          keyHash: hashToken(key),
          hint: key.slice(-4),
          now: clock.now(),
        });
        await recordActivity(tx, {
          workspaceId: caller.workspaceId,
          actorId: caller.userId,
          action: 'api_key.created',
          subject: { type: 'api_key', id: created, label: request.name },
          details: { scopes: request.scopes },
          at: clock.now(),
        });
        return created;
      });
      const row = await repository.find(caller.workspaceId, id);
      return { ...toDto(row!, caller.userId), key };
    },

    /** Its maker, or an owner or admin, revokes a key; anyone else is told there is no such key. */
    async revoke(caller: Caller, id: string): Promise<void> {
      const row = await repository.find(caller.workspaceId, id);
      if (!row || (row.userId !== caller.userId && !roleAllows(caller.role, 'admin'))) throw notFound(KEY_NOT_FOUND);
      await db.transaction(async (tx) => {
        await createApiKeysRepository(tx).revoke(id, clock.now());
        await recordActivity(tx, {
          workspaceId: caller.workspaceId,
          actorId: caller.userId,
          action: 'api_key.revoked',
          subject: { type: 'api_key', id, label: row.name },
          details: {},
          at: clock.now(),
        });
      });
    },

    isKey: (token: string) => token.startsWith(API_KEY_PREFIX),

    /**
     * The caller a key stands for on a route that lets keys call it with `scope`; 401 for a key that
     * is unknown, revoked or whose maker left the workspace, 403 for a route or scope it lacks, 429
     * past its calls a minute. `onRate` hears the key's allowance before any 429, for the headers.
     */
    async authenticate(
      token: string,
      route: { scope?: ApiKeyScope | undefined; method: string; path: string },
      onRate: (state: RateLimitState) => void,
    ): Promise<KeyCaller> {
      const caller = await identify(token);
      if (!route.scope)
        throw new AppError('forbidden', `API keys cannot call ${route.method} ${route.path}; it needs a person signed in to the app.`);
      if (!caller.scopes.includes(route.scope))
        throw new AppError(
          'forbidden',
          `This API key does not have the ${route.scope} scope that ${route.method} ${route.path} needs. Create a key with it in Settings → API keys.`,
        );
      await deps.rateLimiter.consume(perKey, caller.keyId, onRate);
      await repository.touch(caller.keyId, clock.now());
      return caller;
    },

    identify,
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
