import { describe, expect, it } from 'vitest';
import {
  BUCKET_EDGES,
  bucketOf,
  bucketRange,
  deviceOf,
  funnelRows,
  isBotUserAgent,
  METRIC_MAX,
  METRICS,
  quantileOf,
  rating,
  THRESHOLDS,
} from './vitals';

describe('the field vitals contract', () => {
  it.each(METRICS)(
    '%s: edges rise, hold both thresholds, and each bucket is at most 13 percent wider than the one before',
    (metric) => {
      const edges = BUCKET_EDGES[metric];
      expect(edges[0]).toBe(0);
      expect(edges).toContain(THRESHOLDS[metric].good);
      expect(edges).toContain(THRESHOLDS[metric].poor);
      for (let i = 1; i < edges.length; i += 1) expect(edges[i]!).toBeGreaterThan(edges[i - 1]!);
      for (let i = 2; i < edges.length; i += 1) expect(edges[i]! / edges[i - 1]!).toBeLessThanOrEqual(1.13);
      expect(edges.length).toBeLessThan(128);
      expect(bucketOf(metric, 0)).toBe(0);
      expect(bucketOf(metric, METRIC_MAX[metric])).toBe(edges.length - 1);
      const good = THRESHOLDS[metric].good;
      expect(bucketRange(metric, bucketOf(metric, good)).low).toBe(good);
      expect(bucketRange(metric, bucketOf(metric, good * 0.999)).high).toBe(good);
    },
  );

  it('reads p75 from a histogram within the bucket that holds it', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 500 + i * 5);
    const counts = new Map<number, number>();
    for (const value of values) counts.set(bucketOf('LCP', value), (counts.get(bucketOf('LCP', value)) ?? 0) + 1);
    const truth = values[749]!;
    const p75 = quantileOf('LCP', counts, 0.75)!;
    const { low, high } = bucketRange('LCP', bucketOf('LCP', truth));
    expect(p75).toBeGreaterThanOrEqual(low);
    expect(p75).toBeLessThanOrEqual(high);
    expect(quantileOf('LCP', new Map(), 0.75)).toBeNull();
  });

  it('rates against the Core Web Vitals thresholds', () => {
    expect(rating('LCP', 2500)).toBe('good');
    expect(rating('LCP', 2501)).toBe('needs-improvement');
    expect(rating('INP', 501)).toBe('poor');
    expect(rating('CLS', 0.1)).toBe('good');
  });

  it('tells phones from desktops and headless browsers and crawlers from visitors', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('phone');
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36')).toBe('desktop');
    expect(isBotUserAgent('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.0.0 Safari/537.36')).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (Linux; Android 11; moto g power) Chrome-Lighthouse')).toBe(true);
    expect(isBotUserAgent(undefined)).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36')).toBe(false);
  });

  it('converts each step from the one it follows, never past 100 %', () => {
    const rows = funnelRows({ page_view: 10, form_started: 4, idea_sent: 5, delivered: 2, meeting: 0, contracted: 1 });
    const conversion = Object.fromEntries(rows.map((row) => [row.step, row.conversion]));
    expect(conversion).toEqual({
      page_view: null,
      form_started: 0.4,
      memo_recorded: 0,
      idea_sent: 1,
      delivered: 0.4,
      meeting: 0,
      contracted: null,
    });
    expect(rows.find((row) => row.step === 'idea_sent')!.count).toBe(5);
  });
});
