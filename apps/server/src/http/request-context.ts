import type { WorkspaceRole } from '@postflow/contract';

/** Who is calling, set by the authentication hook on routes that require it. */
export interface AuthContext {
  /** The person signed in. */
  userId: string;
  sessionId: string;
  /**
   * The workspace the call acts in (the `X-Workspace-Id` header, the path's workspace, or the
   * person's own) and the caller's role there (docs/decisions/128-workspaces.md).
   */
  workspaceId: string;
  role: WorkspaceRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
