import * as contract from '@postflow/contract';
import type { RouteContract } from '@postflow/contract';

/** Every call the contract declares (each `…Routes` export) by its name, so a new route is covered the day it is added. */
export const contractRoutes: Array<[string, RouteContract]> = Object.entries(contract)
  .filter(([name, value]) => name.endsWith('Routes') && typeof value === 'object' && value !== null)
  .flatMap(([group, value]) =>
    Object.entries(value as Record<string, RouteContract>).map(([name, route]) => [`${group}.${name}`, route] as [string, RouteContract]),
  );

/** The calls that need a session (or an API key). */
export const authedRoutes = contractRoutes.filter(([, route]) => route.auth === 'required');
