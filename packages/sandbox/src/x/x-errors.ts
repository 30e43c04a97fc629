import { SandboxHttpError } from '../http-error';

/** Live responses still use api.twitter.com in problem URIs (docs/networks.md, X · Errors). */
export const X_PROBLEM_BASE = 'https://api.twitter.com/2/problems/';

export function xUnauthorized(): SandboxHttpError {
  return new SandboxHttpError(401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
}

/** Missing scope: the bare 403 observed in issue plhery/node-twitter-api-v2#265. */
export function xForbidden(detail = 'Forbidden'): SandboxHttpError {
  return new SandboxHttpError(403, { title: 'Forbidden', type: 'about:blank', status: 403, detail });
}

/** docs/networks.md, X · Errors, verbatim: our publishing engine reads this as "already published". */
export function xDuplicateContent(): SandboxHttpError {
  return new SandboxHttpError(403, {
    detail: 'You are not allowed to create a Tweet with duplicate content.',
    type: 'about:blank',
    title: 'Forbidden',
    status: 403,
  });
}

export interface XParameterError {
  parameters: Record<string, unknown[]>;
  message: string;
}

/** The body-validation shape of a 400 (docs/networks.md, X · Errors). */
export function xInvalidRequest(errors: XParameterError[]): SandboxHttpError {
  return new SandboxHttpError(400, {
    errors,
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: `${X_PROBLEM_BASE}invalid-request`,
  });
}

export function xInvalidParameter(parameter: string, value: unknown, message: string): SandboxHttpError {
  return xInvalidRequest([{ parameters: { [parameter]: [value] }, message }]);
}

export function xTooManyRequests(headers: Record<string, string> = {}): SandboxHttpError {
  return new SandboxHttpError(429, { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 }, headers);
}

const SERVER_ERRORS: Record<number, { title: string; detail: string }> = {
  500: { title: 'Internal Server Error', detail: 'Something is broken. Please try again later.' },
  502: { title: 'Bad Gateway', detail: 'Bad Gateway' },
  503: { title: 'Service Unavailable', detail: 'Service Unavailable' },
  504: { title: 'Gateway Timeout', detail: 'Gateway Timeout' },
};

export function xServerError(status: number): SandboxHttpError {
  const error = SERVER_ERRORS[status] ?? SERVER_ERRORS[500]!;
  return new SandboxHttpError(status, { ...error, type: 'about:blank', status });
}

export function xResourceNotFoundError(resourceType: string, parameter: string, value: string, plural: boolean) {
  return {
    value,
    detail: `Could not find ${resourceType} with ${plural ? 'ids' : parameter}: [${value}].`,
    title: 'Not Found Error',
    resource_type: resourceType,
    parameter,
    resource_id: value,
    type: `${X_PROBLEM_BASE}resource-not-found`,
  };
}

/** docs/networks.md, X · Errors: a single missing resource. */
export function xNotFound(resourceType: string, parameter: string, value: string): SandboxHttpError {
  return new SandboxHttpError(404, { errors: [xResourceNotFoundError(resourceType, parameter, value, false)] });
}

/** docs/networks.md, X · Token errors: the token endpoint speaks OAuth error bodies, not problem JSON. */
export function xOAuthError(status: number, error: string, description: string): SandboxHttpError {
  return new SandboxHttpError(status, { error, error_description: description });
}

export const X_INVALID_CODE = 'Value passed for the authorization code was invalid.';
export const X_INVALID_TOKEN = 'Value passed for the token was invalid.';
export const X_MISSING_AUTH_HEADER = 'Missing valid authorization header';
