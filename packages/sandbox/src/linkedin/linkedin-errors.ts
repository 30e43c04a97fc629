import { SandboxHttpError } from '../http-error';

/** The error envelope (docs/networks.md, LinkedIn · Errors); field order follows the observed bodies. */
export function linkedInError(
  status: number,
  message: string,
  { code, serviceErrorCode }: { code?: string; serviceErrorCode?: number } = {},
): SandboxHttpError {
  return new SandboxHttpError(status, {
    status,
    ...(serviceErrorCode === undefined ? {} : { serviceErrorCode }),
    ...(code === undefined ? {} : { code }),
    message,
  });
}

export function linkedInEmptyToken(): SandboxHttpError {
  return new SandboxHttpError(401, { message: 'Empty oauth2_access_token', serviceErrorCode: 401, status: 401 });
}

export function linkedInInvalidToken(): SandboxHttpError {
  return linkedInError(401, 'Invalid access token', { serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN' });
}

export function linkedInRevokedToken(): SandboxHttpError {
  return linkedInError(401, 'The token used in the request has been revoked by the user', {
    serviceErrorCode: 65601,
    code: 'REVOKED_ACCESS_TOKEN',
  });
}

export function linkedInExpiredToken(): SandboxHttpError {
  return linkedInError(401, 'The token used in the request has expired', {
    serviceErrorCode: 65602,
    code: 'EXPIRED_ACCESS_TOKEN',
  });
}

export function linkedInAccessDenied(resource: string): SandboxHttpError {
  return linkedInError(403, `Not enough permissions to access: ${resource}`, { serviceErrorCode: 100, code: 'ACCESS_DENIED' });
}

export function linkedInNonexistentVersion(version: string): SandboxHttpError {
  return linkedInError(426, `Requested version ${version} is not active`, { code: 'NONEXISTENT_VERSION' });
}

export function linkedInThrottled(): SandboxHttpError {
  return new SandboxHttpError(429, {
    serviceErrorCode: 101,
    message: 'Resource level throttle limit for calls to this resource is reached.',
    status: 429,
  });
}

/** docs/networks.md, LinkedIn · Post errors, verbatim: the publishing engine reads the urn out of this message. */
export function linkedInDuplicate(existingUrn: string): SandboxHttpError {
  return new SandboxHttpError(422, { message: `Content is a duplicate of ${existingUrn}`, status: 422 });
}

export function linkedInSchemaError(path: string, problem: string): SandboxHttpError {
  return new SandboxHttpError(422, { message: `ERROR :: ${path} :: ${problem}\n`, status: 422 });
}

export function linkedInMissingField(path: string): SandboxHttpError {
  return linkedInSchemaError(path, 'field is required but not found and has no default value');
}

export function linkedInIllegalArgument(message: string): SandboxHttpError {
  return linkedInError(400, message, { code: 'ILLEGAL_ARGUMENT' });
}

export function linkedInUnmappableBody(): SandboxHttpError {
  return linkedInIllegalArgument('Request body could not be converted to data map');
}

export function linkedInNotFound(message = 'Not Found'): SandboxHttpError {
  return linkedInError(404, message, { code: 'NOT_FOUND' });
}

const SERVER_MESSAGES: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function linkedInServerError(status: number): SandboxHttpError {
  return new SandboxHttpError(status, { message: SERVER_MESSAGES[status] ?? 'Internal Server Error', status });
}

/** docs/networks.md, LinkedIn · Token errors: the OAuth host answers with OAuth error bodies. */
export function linkedInOAuthError(status: number, error: string, description: string): SandboxHttpError {
  return new SandboxHttpError(status, { error, error_description: description });
}
