/**
 * The closed set of error codes the API answers with. The web client branches on these,
 * never on HTTP status alone.
 */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'upstream_unavailable',
  /** Postflow itself cannot answer right now (database out of reach, every connection busy); retry. */
  'busy',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
