import { stringField } from '../body-parsers';

/** The authorization request's parameters (RFC 6749 §4.1.1 with PKCE), as both networks take them. */
const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'];

/** The authorization parameters present in a query or a submitted form, as strings. */
export function readAuthorizeParams(source: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of AUTHORIZE_PARAMS) {
    const value = stringField(source, name);
    if (value !== undefined) params[name] = value;
  }
  return params;
}
