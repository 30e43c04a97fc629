import type { ApiKeyScope, WorkspaceRole } from '@postflow/contract';

/** Who is calling, set by the authentication hook on routes that require it. */
export interface AuthContext {
  /** The person signed in, or who made the API key calling. */
  userId: string;
  /** The session calling; null when an API key calls (docs/decisions/162-api-keys.md). */
  sessionId: string | null;
  /** The API key calling, when one does. */
  apiKey: { id: string; scopes: readonly ApiKeyScope[] } | null;
  /**
   * The workspace the call acts in (the `X-Workspace-Id` header, the path's workspace, or the
   * person's own) and the caller's role there (docs/decisions/128-workspaces.md).
   */
  workspaceId: string;
  role: WorkspaceRole;
}

/** A caller that is a signed-in session, not an API key. */
export type SessionAuthContext = AuthContext & { sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
