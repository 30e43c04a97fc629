// 57P01 admin shutdown, 57P02 crash shutdown, 57P03 starting up, 53300 too many connections.
const PASSING_SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// ENOENT is the embedded server's socket file, absent while it restarts.
const PASSING_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'ETIMEDOUT', 'EHOSTUNREACH', 'EAI_AGAIN', 'EPIPE']);
const SOCKET_CALLS = new Set(['connect', 'read', 'write', 'getaddrinfo']);
const PASSING_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
]);

/**
 * Errors a database gives while it is starting, restarting or out of reach: worth waiting out (and
 * a 503, not a 500). Anything else (a wrong password, a database that does not exist) will not heal
 * by itself; a file that is missing (ENOENT from `open`) is not the database at all.
 */
export function isPassingDatabaseError(error: unknown): boolean {
  const { code, message, syscall } = error as { code?: string; message?: string; syscall?: string };
  if (PASSING_SERVER_CODES.has(code ?? '') || PASSING_MESSAGES.has(message ?? '')) return true;
  return PASSING_SOCKET_CODES.has(code ?? '') && SOCKET_CALLS.has(syscall ?? '');
}
