import type { FastifyRequest } from 'fastify';
import { linkedInIllegalArgument } from './linkedin-errors';
import { parseRestliQuery, type RestliValue } from './restli';

export function restliQuery(request: FastifyRequest): Record<string, RestliValue> {
  const { values, error } = parseRestliQuery(request.raw.url ?? '');
  if (error) throw linkedInIllegalArgument(error);
  return values;
}

export function restliMethod(request: FastifyRequest): string | undefined {
  const value = request.headers['x-restli-method'];
  return (Array.isArray(value) ? value[0] : value)?.toUpperCase();
}

export function paging(query: Record<string, RestliValue>, defaultCount = 10, maxCount = 100): { start: number; count: number } {
  const start = Number(query.start ?? 0);
  const count = Number(query.count ?? defaultCount);
  if (!Number.isInteger(start) || start < 0) throw linkedInIllegalArgument('start must be a non-negative integer');
  if (!Number.isInteger(count) || count < 0 || count > maxCount) throw linkedInIllegalArgument(`count must be between 0 and ${maxCount}`);
  return { start, count };
}
