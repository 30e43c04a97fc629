import { describe, expect, it } from 'vitest';
import { createMemoCache } from './memo-cache';

describe('createMemoCache', () => {
  it('computes a key once, and once only for callers that ask at the same time', async () => {
    const cache = createMemoCache<number>(10);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 42;
    };
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([42, 42]);
    expect(await cache.get('a', compute)).toBe(42);
    expect(computed).toBe(1);
  });

  it('forgets a failed computation, so the next caller tries again', async () => {
    const cache = createMemoCache<number>(10);
    await expect(cache.get('a', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('a', () => Promise.resolve(7))).toBe(7);
  });

  it('drops the least recently used key when full', async () => {
    const cache = createMemoCache<string>(2);
    await cache.get('a', () => Promise.resolve('first a'));
    await cache.get('b', () => Promise.resolve('first b'));
    await cache.get('a', () => Promise.resolve('second a'));
    await cache.get('c', () => Promise.resolve('first c'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', () => Promise.resolve('second a'))).toBe('first a');
    expect(await cache.get('b', () => Promise.resolve('second b'))).toBe('second b');
  });
});
