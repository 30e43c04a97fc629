import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RegisteredApp } from '../apps';
import { xRedirectUriAllowed } from '../apps';
import { formOrJsonFields, stringField } from '../body-parsers';
import type { SandboxContext } from '../context';
import { EMPTY_BODY, registerNetworkRoute } from '../network-route';
import { parsePkceMethod, type PkceMethod } from '../pkce';
import { randomToken } from '../random';
import { findApp } from '../state';
import { CONSENT_HISTORY, hasHistory, seedXHistory } from '../history';
import { ensureXUser, X_USERNAME_PATTERN } from '../x/x-personas';
import { X_SCOPES } from '../x/x-scopes';
import { X_CODE_LIFETIME_MS } from '../x/x-tokens';
import { appendQuery, renderConsentPage, renderErrorPage } from './consent-page';
import { readAuthorizeParams } from './authorize-params';
import { sendHtml } from './html';
import { lastPersona, rememberPersona } from './last-persona';

interface XAuthorizeRequest {
  app: RegisteredApp;
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge: string;
  codeChallengeMethod: PkceMethod;
  raw: Record<string, string>;
}

const PERSONA_LIST_LIMIT = 50;

/** Invalid requests get X's error page, never a redirect to an unverified URI (RFC 6749 §4.1.2.1). */
function validate(ctx: SandboxContext, raw: Record<string, string>): XAuthorizeRequest | string {
  if (raw.response_type !== 'code') return 'response_type must be "code".';
  const app = raw.client_id ? findApp(ctx.state, 'x', raw.client_id) : undefined;
  if (!app) return `Unknown client_id "${raw.client_id ?? ''}".`;
  if (!raw.redirect_uri || !xRedirectUriAllowed(app, raw.redirect_uri)) {
    return 'The redirect_uri does not match a callback URL registered for this app (exact match required).';
  }
  const scopes = (raw.scope ?? '').split(/[ +]+/).filter(Boolean);
  if (scopes.length === 0) return 'The scope parameter is required.';
  const unknown = scopes.filter((scope) => !(scope in X_SCOPES));
  if (unknown.length) return `Unknown scope: ${unknown.join(', ')}.`;
  if (!raw.state) return 'The state parameter is required.';
  if (raw.state.length > 500) return 'The state parameter is limited to 500 characters.';
  if (!raw.code_challenge) return 'The code_challenge parameter is required (PKCE).';
  const method = parsePkceMethod(raw.code_challenge_method);
  if (!method) return 'code_challenge_method must be S256 or plain.';
  return {
    app,
    redirectUri: raw.redirect_uri,
    scopes: [...new Set(scopes)],
    state: raw.state,
    codeChallenge: raw.code_challenge,
    codeChallengeMethod: method,
    raw,
  };
}

function page(ctx: SandboxContext, request: XAuthorizeRequest, error?: string, typed?: string, selected?: string): string {
  const personas = [...ctx.state.x.users.values()]
    .sort((a, b) => Number(b.id === selected) - Number(a.id === selected) || b.addedAt - a.addedAt)
    .slice(0, PERSONA_LIST_LIMIT)
    .map((user) => ({ value: user.id, label: user.name, detail: `@${user.username}` }));
  return renderConsentPage({
    networkLabel: 'X',
    appName: request.app.name,
    clientId: request.app.clientId,
    scopes: request.scopes.map((scope) => ({ scope, description: X_SCOPES[scope] ?? scope })),
    personas,
    hidden: request.raw,
    action: '/x/i/oauth2/authorize',
    newPersonaLabel: 'Username of a new persona',
    newPersonaHint: '1 to 15 letters, digits or underscores. Typing a username here signs in as that persona, creating it if needed.',
    ...(error ? { error } : {}),
    ...(typed ? { newPersonaValue: typed } : {}),
    ...(selected ? { selected } : {}),
  });
}

export function registerXConsentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/x/i/oauth2/authorize',
    network: 'x',
    endpoint: 'x.oauth.authorize',
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      const result = validate(ctx, readAuthorizeParams(request.query as Record<string, unknown>));
      if (typeof result === 'string') return sendHtml(reply, 400, renderErrorPage('X', result));
      return sendHtml(reply, 200, page(ctx, result, undefined, undefined, lastPersona(request, 'x')));
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/x/i/oauth2/authorize',
    network: 'x',
    endpoint: 'x.oauth.authorize',
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      const fields = formOrJsonFields(request.body);
      const result = validate(ctx, readAuthorizeParams(fields));
      if (typeof result === 'string') return sendHtml(reply, 400, renderErrorPage('X', result));
      if (stringField(fields, 'decision') !== 'authorize') {
        reply.code(302).header('location', appendQuery(result.redirectUri, { error: 'access_denied', state: result.state }));
        return EMPTY_BODY;
      }
      const typed = stringField(fields, 'new_persona')?.trim() ?? '';
      const chosen = stringField(fields, 'persona');
      let user = !typed && chosen && chosen !== '__new__' ? ctx.state.x.users.get(chosen) : undefined;
      if (!user) {
        if (!typed) return sendHtml(reply, 400, page(ctx, result, 'Choose a persona or type a username for a new one.'));
        const username = typed.replace(/^@/, '');
        if (!X_USERNAME_PATTERN.test(username)) {
          return sendHtml(reply, 400, page(ctx, result, 'Usernames are 1 to 15 letters, digits or underscores.', typed));
        }
        user = ensureXUser(ctx, username);
      }
      if (stringField(fields, 'history') && !hasHistory(ctx, 'x', user.id)) seedXHistory(ctx, user, CONSENT_HISTORY);
      const code = randomToken(32);
      ctx.state.x.codes.set(code, {
        code,
        clientId: result.app.clientId,
        redirectUri: result.redirectUri,
        userId: user.id,
        scopes: result.scopes,
        codeChallenge: result.codeChallenge,
        codeChallengeMethod: result.codeChallengeMethod,
        expiresAt: ctx.clock.now() + X_CODE_LIFETIME_MS,
        used: false,
      });
      ctx.markDirty();
      rememberPersona(reply, 'x', user.id);
      reply.code(302).header('location', appendQuery(result.redirectUri, { state: result.state, code }));
      return EMPTY_BODY;
    },
  });
}
