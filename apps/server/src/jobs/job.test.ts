import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindJob, checkHandlers, createJobRegistry, type JobDefinition } from './job';

const policy = { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 };
// Plain definitions, not `defineJob`: the registry it fills is the app's (and outlives this file in a
// test worker), and these are not app jobs.
const ping = { name: 'test-ping', schema: z.object({ id: z.uuid() }), ...policy } satisfies JobDefinition;
const pong: JobDefinition = { name: 'test-pong', schema: z.object({}), ...policy };

describe('jobs and their handlers', () => {
  it('hands a handler only payloads that pass the job schema', async () => {
    const seen: string[] = [];
    const handler = bindJob(ping, async ({ id }) => void seen.push(id));
    const refused = handler.prepare({ id: 'not-a-uuid' });
    expect(refused.ok).toBe(false);
    const accepted = handler.prepare({ id: '00000000-0000-4000-8000-000000000000' });
    expect(accepted.ok).toBe(true);
    if (accepted.ok) await accepted.run();
    expect(seen).toEqual(['00000000-0000-4000-8000-000000000000']);
  });

  it('refuses to start when a job has no handler, or two', () => {
    const handlePing = bindJob(ping, async () => {});
    const handlePong = bindJob(pong, async () => {});
    expect(() => checkHandlers([ping, pong], [handlePing, handlePong])).not.toThrow();
    expect(() => checkHandlers([ping, pong], [handlePing])).toThrow("'test-pong' has no handler");
    expect(() => checkHandlers([ping, pong], [handlePing, handlePong, handlePing])).toThrow("'test-ping' has 2 handlers");
  });

  it('refuses two jobs of the same name', () => {
    const jobs = createJobRegistry();
    jobs.define({ name: 'test-twice', schema: z.object({}), ...policy });
    expect(() => jobs.define({ name: 'test-twice', schema: z.object({}), ...policy })).toThrow("Two jobs are named 'test-twice'");
  });
});
