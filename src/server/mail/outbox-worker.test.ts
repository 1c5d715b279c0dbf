import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './outbox-worker';

describe('retry backoff', () => {
  it('doubles per attempt between half and all of the ceiling, capped', () => {
    expect(retryDelayMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(retryDelayMs(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(retryDelayMs(3, 1000, 60_000, () => 0)).toBe(2000);
    expect(retryDelayMs(3, 1000, 60_000, () => 1)).toBe(4000);
    expect(retryDelayMs(30, 1000, 60_000, () => 1)).toBe(60_000);
    const samples = Array.from({ length: 50 }, () => retryDelayMs(4, 1000, 60_000));
    expect(new Set(samples).size).toBeGreaterThan(10); // jitter spreads retries
    for (const delay of samples) {
      expect(delay).toBeGreaterThanOrEqual(4000);
      expect(delay).toBeLessThanOrEqual(8000);
    }
  });
});
