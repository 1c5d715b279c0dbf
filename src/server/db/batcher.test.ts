import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

describe('Batcher', () => {
  it('sends calls of one tick in one flush and later calls in the next, in order', async () => {
    const flushes: number[][] = [];
    let release: () => void = () => {};
    const batcher = new Batcher<number, number>(async (items) => {
      flushes.push(items);
      if (flushes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((item) => item * 10);
    });
    const first = [batcher.add(1), batcher.add(2)];
    await new Promise((resolve) => setImmediate(resolve));
    const second = [batcher.add(3), batcher.add(4), batcher.add(5)]; // arrive while the first flush is in flight
    release();
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(flushes).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('rejects every call of a failed flush and keeps working', async () => {
    let fail = true;
    const batcher = new Batcher<string, string>(async (items) => {
      if (fail) throw new Error('db down');
      return items;
    });
    const results = await Promise.allSettled([batcher.add('a'), batcher.add('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batcher.add('c')).toBe('c');
  });

  it('retries a failed flush one item at a time: only the bad item fails', async () => {
    const flushes: string[][] = [];
    const batcher = new Batcher<string, string>(async (items) => {
      flushes.push(items);
      if (items.includes('bad')) throw new Error('refused');
      return items.map((item) => item.toUpperCase());
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((item) => batcher.add(item)));
    expect(results).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('refused') },
      { status: 'fulfilled', value: 'C' },
    ]);
    expect(flushes).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('caps the batch size', async () => {
    const sizes: number[] = [];
    const batcher = new Batcher<number, number>(async (items) => (sizes.push(items.length), items), 3);
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => batcher.add(n)));
    expect(sizes).toEqual([3, 3, 1]);
  });
});
