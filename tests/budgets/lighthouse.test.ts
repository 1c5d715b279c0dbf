/**
 * Lighthouse accessibility, best practices and SEO must be 100 on the public pages, served by the real server from
 * the production build; the first view must stay within the transfer budget. (Performance score and timings depend
 * on the machine: they live in `npm run bench:web`, not here.)
 */
import type { Result } from 'lighthouse';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/content/site';
import { budgets, perfectCategories, ports } from './budgets';
import { kb, requireBuiltSite } from './support/built-site';
import { failingAudits, resourceSummary, runLighthouse, score } from './support/lighthouse';
import { serveBuiltSiteForFile } from './support/serve-built-site';

const server = serveBuiltSiteForFile(ports.budgets, requireBuiltSite);

describe.each(pagePaths)('Lighthouse on %s', (path) => {
  let lhr: Result;

  beforeAll(async () => {
    lhr = await runLighthouse(server().origin + path, {
      onlyCategories: [...perfectCategories],
      onlyAudits: ['total-byte-weight', 'resource-summary'],
    });
  }, 240_000);

  it.each(perfectCategories)('scores 100 for %s', (category) => {
    const failures = failingAudits(lhr, category);
    expect(score(lhr, category), `${category} on ${path}:\n  ${failures.join('\n  ')}`).toBe(100);
  });

  it('transfers at most 400 KB for the first view, fonts included', () => {
    const total = lhr.audits['total-byte-weight']?.numericValue;
    const rows = [...resourceSummary(lhr).values()].map(
      (r) => `${r.resourceType} ${kb(r.transferSize)} (${r.requestCount})`,
    );
    console.log(`first view ${path}: ${kb(total ?? NaN)} — ${rows.join(', ')}`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(budgets.firstViewTransfer);
  });

  it('loads at most 85 KB of JavaScript during the first view, deferred hydration included', () => {
    // The byte test counts what the HTML references; this counts what the page actually fetched while loading
    // (as sent by the server, compressed), so a loader that imports the app later cannot hide it.
    const script = resourceSummary(lhr).get('script');
    expect(script?.transferSize ?? 0).toBeLessThanOrEqual(budgets.initialJsGzip);
  });
});
