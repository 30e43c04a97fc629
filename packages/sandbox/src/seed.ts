import type { SandboxContext } from './context';
import { ensureMember, ensureOrganization, grantRole } from './linkedin/linkedin-personas';
import { clearState, registerApp } from './state';
import { ensureXUser } from './x/x-personas';

/** Personas that exist after every reset, so the consent pages never start empty. */
export const SEEDED_X_PERSONAS = [
  { username: 'sandbox_alice', name: 'Alice Sandbox' },
  { username: 'sandbox_bob', name: 'Bob Sandbox' },
];

export const SEEDED_LINKEDIN_PERSONAS = ['Alice Admin', 'Bob Member'];
export const SEEDED_ORGANIZATIONS = ['Acme Sandbox Ltd', 'Globex Sandbox'];

export function seedState(ctx: SandboxContext): void {
  clearState(ctx.state);
  for (const app of ctx.configuredApps) registerApp(ctx.state, app);
  for (const persona of SEEDED_X_PERSONAS) ensureXUser(ctx, persona.username, persona.name);
  const [aliceName = 'Alice Admin', bobName = 'Bob Member'] = SEEDED_LINKEDIN_PERSONAS;
  const alice = ensureMember(ctx, aliceName, { applyAdminRule: false });
  const bob = ensureMember(ctx, bobName, { applyAdminRule: false });
  const [acme, globex] = SEEDED_ORGANIZATIONS.map((name) => ensureOrganization(ctx, name));
  if (acme && globex) {
    grantRole(ctx, alice.sub, acme.id, 'ADMINISTRATOR');
    grantRole(ctx, alice.sub, globex.id, 'ADMINISTRATOR');
    grantRole(ctx, bob.sub, acme.id, 'ANALYST');
  }
  ctx.markDirty();
}
