/**
 * PostgreSQL's codes for trouble that passes by itself (decisions 007 and 140):
 * 08xxx the connection failed or was refused; 53000, 53200 and 53300 the server short of
 * resources or connections; 57P01, 57P02, 57P03 and 57P05 a server shutting down, crashing,
 * starting or ending an idle session; 57014 a statement cancelled (statement_timeout);
 * 55P03 a lock not granted in time (lock_timeout); 25P03 an idle transaction ended;
 * 40001 and 40P01 a transaction rolled back by a conflict or a deadlock, which the server itself
 * says to run again.
 */
const PASSING_SERVER_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53000',
  '53200',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
  '57014',
  '55P03',
  '25P03',
  '40001',
  '40P01',
]);
// ENOENT is the embedded server's socket file, absent while it restarts.
const PASSING_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'ETIMEDOUT', 'EHOSTUNREACH', 'EAI_AGAIN', 'EPIPE']);
const SOCKET_CALLS = new Set(['connect', 'read', 'write', 'getaddrinfo']);
// What node-postgres and its pool say when a connection is lost, refused, or never given.
const PASSING_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
  'timeout expired',
]);
/** How far to follow `cause` and AggregateError's `errors`: the pool and Node wrap at most twice. */
const MAX_DEPTH = 3;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  syscall?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function isPassing(error: unknown, depth: number): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  const { code, message, syscall, cause, errors } = error as ErrorLike;
  if (typeof code === 'string' && PASSING_SERVER_CODES.has(code)) return true;
  if (typeof message === 'string' && PASSING_MESSAGES.has(message)) return true;
  if (typeof code === 'string' && PASSING_SOCKET_CODES.has(code) && typeof syscall === 'string' && SOCKET_CALLS.has(syscall)) return true;
  // Node's connection to each address of a name failed (AggregateError): passing if every one was.
  if (Array.isArray(errors) && errors.length > 0 && errors.every((each) => isPassing(each, depth + 1))) return true;
  return cause !== undefined && isPassing(cause, depth + 1);
}

/**
 * Errors a database gives while it is starting, restarting, out of reach or too busy to finish a
 * statement: worth waiting out (and a 503, not a 500). Anything else (a wrong password, a database
 * that does not exist, a mistake in a statement) will not heal by itself; a file that is missing
 * (ENOENT from `open`) is not the database at all.
 */
export function isPassingDatabaseError(error: unknown): boolean {
  return isPassing(error, 0);
}
