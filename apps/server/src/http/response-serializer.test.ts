import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer';

describe('response serializer', () => {
  async function appAnswering(data: unknown) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializer);
    app.get('/thing', { schema: { response: { 200: z.object({ id: z.string(), count: z.number().int() }) } } }, async () => data);
    await app.ready();
    return app;
  }

  it('writes only what the contract declares, so an internal field cannot leak', async () => {
    const app = await appAnswering({ id: 'a1', count: 2, passwordHash: 'secret' });
    const response = await app.inject({ method: 'GET', url: '/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'a1', count: 2 });
    await app.close();
  });

  it('refuses to send an answer that breaks the contract', async () => {
    const app = await appAnswering({ id: 'a1', count: 2.5 });
    const response = await app.inject({ method: 'GET', url: '/thing' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('2.5');
    await app.close();
  });
});
