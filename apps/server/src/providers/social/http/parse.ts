import type { z } from 'zod';
import { OutcomeUnknown, Unavailable } from '../errors';
import type { CallKind, HttpResponse } from './http-client';
import { redact } from './redact';

/** Parses a body as JSON, or undefined when it is empty or not JSON (error bodies may be either). */
export function jsonOrUndefined(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Checks a successful answer against what the network documents. An answer we cannot read is the
 * network misbehaving, so it is `Unavailable`; after a create it is `OutcomeUnknown`, because the
 * post was probably made even though we cannot tell its id.
 */
export function parseAnswer<T extends z.ZodType>(
  schema: T,
  value: unknown,
  context: { networkName: string; kind: CallKind; response: Pick<HttpResponse, 'status' | 'text'> },
): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = `${context.networkName} sent an answer we could not read (${describeIssues(result.error)})`;
  const detail = { status: context.response.status, body: redact(context.response.text) };
  if (context.kind === 'create') {
    throw new OutcomeUnknown(`${message}; the post may or may not have been published.`, detail);
  }
  throw new Unavailable(`${message}.`, detail);
}

/** `parseAnswer` of a JSON body. */
export function parseJsonAnswer<T extends z.ZodType>(
  schema: T,
  response: HttpResponse,
  context: { networkName: string; kind: CallKind },
): z.infer<T> {
  return parseAnswer(schema, jsonOrUndefined(response.text), { ...context, response });
}
