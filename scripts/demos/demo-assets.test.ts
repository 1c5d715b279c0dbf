/**
 * The committed demo files (public/demos/, made by `npm run demos`) are what the portfolio dialog shows: each item's
 * animation and poster must exist, be WebP of the demo size, loop forever and fit issue 3's budgets.
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARD_IMAGE_SIZE, DEMO_SIZE, portfolio } from '../../src/content/portfolio';
import { DEMO_BUDGET } from './demo-budget';
import { parseWebp } from './webp-info';

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
const read = (url: string) => {
  const path = `${publicDir}${url}`;
  return { bytes: readFileSync(path), size: statSync(path).size };
};

describe.each(portfolio.map((item) => [item.slug, item] as const))('demo for %s', (slug, item) => {
  it('is named after the item and lives under /demos/', () => {
    expect(item.gifUrl).toBe(`/demos/${slug}.webp`);
    expect(item.posterUrl).toBe(`/demos/${slug}-poster.webp`);
  });

  it('is an animated WebP of the demo size that loops forever, 8–15 s per loop, within 600 KB', () => {
    const { bytes, size } = read(item.gifUrl);
    const info = parseWebp(bytes);
    expect(info.animated).toBe(true);
    expect({ width: info.width, height: info.height }).toEqual(DEMO_SIZE);
    expect(info.width).toBeGreaterThanOrEqual(DEMO_BUDGET.minWidth);
    expect(info.loopCount).toBe(0);
    expect(info.frameDurations.length).toBeGreaterThan(1);
    const loopMs = info.frameDurations.reduce((a, b) => a + b, 0);
    expect(loopMs).toBeGreaterThanOrEqual(DEMO_BUDGET.minLoopMs);
    expect(loopMs).toBeLessThanOrEqual(DEMO_BUDGET.maxLoopMs);
    expect(size).toBeLessThanOrEqual(DEMO_BUDGET.animationBytes);
  });

  it('has a still WebP poster of the same size within 60 KB', () => {
    const { bytes, size } = read(item.posterUrl);
    const info = parseWebp(bytes);
    expect(info.animated).toBe(false);
    expect({ width: info.width, height: info.height }).toEqual(DEMO_SIZE);
    expect(size).toBeLessThanOrEqual(DEMO_BUDGET.posterBytes);
  });

  it('has a still card image: its poster at card size, within 25 KB', () => {
    expect(item.cardImageUrl).toBe(`/demos/${slug}-card.webp`);
    const { bytes, size } = read(item.cardImageUrl);
    const info = parseWebp(bytes);
    expect(info.animated).toBe(false);
    expect({ width: info.width, height: info.height }).toEqual(CARD_IMAGE_SIZE);
    expect(CARD_IMAGE_SIZE.width / CARD_IMAGE_SIZE.height).toBe(DEMO_SIZE.width / DEMO_SIZE.height);
    expect(size).toBeLessThanOrEqual(DEMO_BUDGET.cardImageBytes);
  });
});

describe('demo files', () => {
  it('are four different animations', () => {
    const hashes = new Set(portfolio.map((item) => read(item.gifUrl).bytes.toString('base64')));
    expect(hashes.size).toBe(portfolio.length);
  });
});
