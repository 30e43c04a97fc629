import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RouteContract } from './http';
import * as contract from './index';

/** Every route a personal API key may call: integrators read these in /api/docs (docs/api.md). */
const keyRoutes = Object.entries(contract)
  .filter(([name, value]) => name.endsWith('Routes') && typeof value === 'object' && value !== null)
  .flatMap(([group, value]) =>
    Object.entries(value as Record<string, RouteContract>).map(([name, route]) => [`${group}.${name}`, route] as const),
  )
  .filter(([, route]) => route.scope !== undefined);

/** The parts of a call a route takes as JSON: its path parameters, its query and (unless multipart) its body. */
function inputs(route: RouteContract): Array<['params' | 'query' | 'body', z.ZodType]> {
  const parts: Array<['params' | 'query' | 'body', z.ZodType | undefined]> = [
    ['params', route.params],
    ['query', route.query],
    ['body', route.multipart ? undefined : route.body],
  ];
  return parts.filter((part): part is ['params' | 'query' | 'body', z.ZodType] => part[1] !== undefined);
}

describe('example calls of the routes a key may call', () => {
  it('covers some routes with input (the list is read from the contract)', () => {
    expect(keyRoutes.filter(([, route]) => inputs(route).length > 0).length).toBeGreaterThan(30);
  });

  it.each(keyRoutes.filter(([, route]) => inputs(route).length > 0))('%s has an example the server accepts', (_name, route) => {
    for (const [part, schema] of inputs(route)) {
      const value = route.example?.[part];
      expect(value, `an example ${part}`).toBeDefined();
      const parsed = schema.safeParse(value);
      expect(parsed.error?.issues ?? [], `the example ${part}`).toEqual([]);
    }
  });
});
