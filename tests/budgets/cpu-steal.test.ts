import { describe, expect, it } from 'vitest';
import { readCpuTimes, stealShare } from '../../scripts/bench/cpu-steal';

const stat = (line: string) => () => `${line}\ncpu0 1 2 3 4 5 6 7 8 0 0\n`;

describe('readCpuTimes', () => {
  it('sums the first line of /proc/stat up to steal, leaving out guest time (already in user)', () => {
    expect(readCpuTimes(stat('cpu  100 5 50 800 10 0 5 30 70 0'))).toEqual({ total: 1000, steal: 30 });
  });

  it('gives nothing for a file it cannot read or does not understand', () => {
    expect(readCpuTimes(() => { throw new Error('ENOENT'); })).toBeUndefined();
    expect(readCpuTimes(stat('intr 1 2 3'))).toBeUndefined();
    expect(readCpuTimes(stat('cpu 1 2 3'))).toBeUndefined();
  });
});

describe('stealShare', () => {
  it('is the stolen part of the CPU time between two readings', () => {
    expect(stealShare({ total: 1000, steal: 30 }, { total: 1400, steal: 70 })).toBe(0.1);
  });

  it('is unknown without two readings that moved forward', () => {
    expect(stealShare(undefined, { total: 1, steal: 0 })).toBeUndefined();
    expect(stealShare({ total: 5, steal: 0 }, { total: 5, steal: 0 })).toBeUndefined();
  });
});
