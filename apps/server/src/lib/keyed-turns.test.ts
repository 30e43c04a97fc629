import { describe, expect, it } from 'vitest';
import { createKeyedTurns } from './keyed-turns';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('keyed turns', () => {
  it('lets at most the given number hold a key at once, in arrival order, and other keys go by', async () => {
    const inTurn = createKeyedTurns(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (index: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      order.push(index);
      running -= 1;
    };
    const other = inTurn(['b'], async () => 'other');
    await Promise.all([...Array.from({ length: 6 }, (_, index) => inTurn(['a'], work(index))), other]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    await expect(other).resolves.toBe('other');
  });

  it('never deadlocks two callers taking the same keys in different orders', async () => {
    const inTurn = createKeyedTurns(1);
    const done = await Promise.all(
      Array.from({ length: 10 }, (_, index) => inTurn(index % 2 ? ['x', 'y'] : ['y', 'x'], async () => (await tick(), index))),
    );
    expect(done).toHaveLength(10);
  });

  it('frees the key when the work fails', async () => {
    const inTurn = createKeyedTurns(1);
    await expect(inTurn(['a'], () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(inTurn(['a'], async () => 'next')).resolves.toBe('next');
  });
});
