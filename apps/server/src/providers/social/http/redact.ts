/** How much of a vendor's answer an error keeps for the attempt log. */
export const MAX_DETAIL_BODY = 500;

// Values of fields that carry credentials, in JSON (`"access_token":"…"`) or form/query
// (`refresh_token=…`) form.
const SECRET_FIELDS = /("?(?:access_token|refresh_token|id_token|client_secret|code_verifier|token)"?\s*[:=]\s*"?)[^"&\s,}]+/gi;
// Bearer and Basic credentials quoted back in an answer.
const AUTH_SCHEMES = /\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/g;
// Opaque strings that look like tokens: long runs of token characters mixing letters and digits.
// Numeric ids (X post ids, LinkedIn urn ids) contain no letters and survive.
const TOKEN_LIKE = /[A-Za-z0-9\-._~+/]{24,}={0,2}/g;

function looksLikeToken(candidate: string): boolean {
  return /[A-Za-z]/.test(candidate) && /[0-9]/.test(candidate) && !/^https?:/.test(candidate);
}

/**
 * Makes a vendor answer (or a message built from one) safe to store and show: credentials and
 * token-looking strings are replaced by `[redacted]` and the text is cut to `max` characters.
 * Tokens must never reach logs, the attempt log or error messages.
 */
export function redact(text: string, max = MAX_DETAIL_BODY): string {
  const cleaned = text
    .replace(SECRET_FIELDS, '$1[redacted]')
    .replace(AUTH_SCHEMES, '$1 [redacted]')
    .replace(TOKEN_LIKE, (candidate) => (looksLikeToken(candidate) ? '[redacted]' : candidate));
  return cleaned.length > max ? `${cleaned.slice(0, max - 1)}…` : cleaned;
}
