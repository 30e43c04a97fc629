import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { createImageQueue } from './image-queue';

/** Work that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, work: async () => opened };
}

describe('the image queue (issue 17, item 3)', () => {
  it('decodes one image at a time, in order', async () => {
    const queue = createImageQueue({ concurrency: 1, maxWaiting: 5, perPerson: 5 });
    const order: string[] = [];
    let active = 0;
    let most = 0;
    const job = (name: string) =>
      queue.run('ada', async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 10));
        order.push(name);
        active -= 1;
      });
    await Promise.all([job('a'), job('b'), job('c')]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
  });

  it('rests between images while others wait, as long as the last one took, so images use at most half a core', async () => {
    const queue = createImageQueue({ concurrency: 1, maxWaiting: 5, perPerson: 5, restRatio: 1 });
    const marks: Array<[string, number]> = [];
    const job = (name: string) =>
      queue.run('ada', async () => {
        marks.push([`${name} start`, performance.now()]);
        await new Promise((resolve) => setTimeout(resolve, 60));
        marks.push([`${name} end`, performance.now()]);
      });
    await Promise.all([job('a'), job('b')]);
    const at = Object.fromEntries(marks);
    expect((at['b start'] as number) - (at['a end'] as number)).toBeGreaterThanOrEqual(50);
    // Alone, an image starts at once.
    const alone = performance.now();
    await queue.run('ada', async () => expect(performance.now() - alone).toBeLessThan(30));
  });

  it('refuses at once with 503 and Retry-After when too many wait, and takes work again once there is room', async () => {
    const queue = createImageQueue({ concurrency: 1, maxWaiting: 1, perPerson: 2 });
    const first = gate();
    const running = queue.run('ada', first.work);
    const waiting = queue.run('grace', async () => 'second');
    const refused = await queue.run('alan', async () => 'third').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, options: { retryAfterSeconds: expect.any(Number) } });
    first.open();
    await running;
    expect(await waiting).toBe('second');
    expect(await queue.run('alan', async () => 'later')).toBe('later');
  });

  it('lets one person hold only a few turns, with a 429 they can act on', async () => {
    const queue = createImageQueue({ concurrency: 1, maxWaiting: 10, perPerson: 2 });
    const held = gate();
    const mine = [queue.run('ada', held.work), queue.run('ada', held.work)];
    const refused = await queue.run('ada', async () => 'third').catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, message: expect.stringMatching(/already uploading 2 images/) });
    const someoneElse = queue.run('grace', async () => 'someone else');
    held.open();
    await Promise.all(mine);
    expect(await someoneElse).toBe('someone else');
  });
});
