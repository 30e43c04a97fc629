import type { FastifyInstance } from 'fastify';
import { linkedInRedirectUriAllowed, type RegisteredApp } from '../apps';
import { formOrJsonFields, stringField } from '../body-parsers';
import type { SandboxContext } from '../context';
import { CONSENT_HISTORY, hasHistory, seedLinkedInHistory } from '../history';
import { approvedRoles, ensureMember } from '../linkedin/linkedin-personas';
import { LINKEDIN_SCOPES, parseLinkedInScopes } from '../linkedin/linkedin-scopes';
import { LINKEDIN_CODE_LIFETIME_MS } from '../linkedin/linkedin-tokens';
import { EMPTY_BODY, registerNetworkRoute } from '../network-route';
import { parsePkceMethod, type PkceMethod } from '../pkce';
import { randomToken } from '../random';
import { findApp } from '../state';
import { appendQuery, renderConsentPage, renderErrorPage } from './consent-page';
import { readAuthorizeParams } from './authorize-params';
import { sendHtml } from './html';
import { lastPersona, rememberPersona } from './last-persona';

interface LinkedInAuthorizeRequest {
  app: RegisteredApp;
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge?: string;
  codeChallengeMethod?: PkceMethod;
  raw: Record<string, string>;
}

const PERSONA_LIST_LIMIT = 50;
const CANCEL_DESCRIPTION = 'The user cancelled the authorization';

/** docs/networks.md, LinkedIn · OAuth consent: all five parameters are required; a bad client, redirect or scope is shown, not redirected. */
function validate(ctx: SandboxContext, raw: Record<string, string>): LinkedInAuthorizeRequest | string {
  if (raw.response_type !== 'code') return 'response_type must be "code".';
  const app = raw.client_id ? findApp(ctx.state, 'linkedin', raw.client_id) : undefined;
  if (!app) return 'The passed in client_id is invalid.';
  if (!raw.redirect_uri || !linkedInRedirectUriAllowed(app, raw.redirect_uri)) {
    return 'The redirect_uri does not match the registered value.';
  }
  const scopes = parseLinkedInScopes(raw.scope ?? '');
  if (scopes.length === 0) return 'The scope parameter is required.';
  const unknown = scopes.filter((scope) => !(scope in LINKEDIN_SCOPES));
  if (unknown.length) return `Scope "${unknown.join(', ')}" is not authorized for your application.`;
  if (!raw.state) return 'The state parameter is required.';
  let method: PkceMethod | undefined;
  if (raw.code_challenge) {
    method = parsePkceMethod(raw.code_challenge_method);
    if (!method) return 'code_challenge_method must be S256 or plain.';
  }
  return {
    app,
    redirectUri: raw.redirect_uri,
    scopes,
    state: raw.state,
    ...(raw.code_challenge && method ? { codeChallenge: raw.code_challenge, codeChallengeMethod: method } : {}),
    raw,
  };
}

function page(ctx: SandboxContext, request: LinkedInAuthorizeRequest, error?: string, typed?: string, selected?: string): string {
  const personas = [...ctx.state.linkedin.members.values()]
    .sort((a, b) => Number(b.sub === selected) - Number(a.sub === selected) || b.createdAt - a.createdAt)
    .slice(0, PERSONA_LIST_LIMIT)
    .map((member) => {
      const organizations = [...ctx.state.linkedin.organizations.values()]
        .filter((organization) => approvedRoles(ctx, member.sub, organization.id).length > 0)
        .map((organization) => organization.name);
      return {
        value: member.sub,
        label: member.name,
        detail: organizations.length ? `pages: ${organizations.join(', ')}` : 'no pages',
      };
    });
  return renderConsentPage({
    networkLabel: 'LinkedIn',
    appName: request.app.name,
    clientId: request.app.clientId,
    scopes: request.scopes.map((scope) => ({ scope, description: LINKEDIN_SCOPES[scope] ?? scope })),
    personas,
    hidden: request.raw,
    action: '/linkedin/oauth/v2/authorization',
    newPersonaLabel: 'Full name of a new persona',
    newPersonaHint: 'Typing a name here signs in as that persona, creating it if needed.',
    personaRule: 'A new persona whose name contains "admin" (for example "Dana Admin") administers a new organisation page of its own.',
    ...(error ? { error } : {}),
    ...(typed ? { newPersonaValue: typed } : {}),
    ...(selected ? { selected } : {}),
  });
}

export function registerLinkedInConsentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/oauth/v2/authorization',
    network: 'linkedin',
    endpoint: 'linkedin.oauth.authorize',
    handler: (request, reply) => {
      const result = validate(ctx, readAuthorizeParams(request.query as Record<string, unknown>));
      if (typeof result === 'string') return sendHtml(reply, 400, renderErrorPage('LinkedIn', result));
      return sendHtml(reply, 200, page(ctx, result, undefined, undefined, lastPersona(request, 'linkedin')));
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/linkedin/oauth/v2/authorization',
    network: 'linkedin',
    endpoint: 'linkedin.oauth.authorize',
    handler: (request, reply) => {
      const fields = formOrJsonFields(request.body);
      const result = validate(ctx, readAuthorizeParams(fields));
      if (typeof result === 'string') return sendHtml(reply, 400, renderErrorPage('LinkedIn', result));
      if (stringField(fields, 'decision') !== 'authorize') {
        const location = appendQuery(result.redirectUri, {
          error: ctx.options.linkedin.cancelError,
          error_description: CANCEL_DESCRIPTION,
          state: result.state,
        });
        reply.code(302).header('location', location);
        return EMPTY_BODY;
      }
      const typed = stringField(fields, 'new_persona')?.trim() ?? '';
      const chosen = stringField(fields, 'persona');
      let member = !typed && chosen && chosen !== '__new__' ? ctx.state.linkedin.members.get(chosen) : undefined;
      if (!member) {
        if (!typed) return sendHtml(reply, 400, page(ctx, result, 'Choose a persona or type a name for a new one.'));
        if (typed.length > 100) return sendHtml(reply, 400, page(ctx, result, 'Names are limited to 100 characters.', typed));
        member = ensureMember(ctx, typed);
      }
      if (stringField(fields, 'history') && !hasHistory(ctx, 'linkedin', member.sub)) {
        seedLinkedInHistory(ctx, member, CONSENT_HISTORY);
      }
      const code = randomToken(48);
      ctx.state.linkedin.codes.set(code, {
        code,
        clientId: result.app.clientId,
        redirectUri: result.redirectUri,
        sub: member.sub,
        scopes: result.scopes,
        expiresAt: ctx.clock.now() + LINKEDIN_CODE_LIFETIME_MS,
        used: false,
        ...(result.codeChallenge ? { codeChallenge: result.codeChallenge, codeChallengeMethod: result.codeChallengeMethod } : {}),
      });
      ctx.markDirty();
      rememberPersona(reply, 'linkedin', member.sub);
      reply.code(302).header('location', appendQuery(result.redirectUri, { code, state: result.state }));
      return EMPTY_BODY;
    },
  });
}
