/** Lighthouse 12 runs against Debian's Chromium (programmatic API + chrome-launcher). */
import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export type CategoryId = 'performance' | 'accessibility' | 'best-practices' | 'seo';

/**
 * One Lighthouse run in a fresh browser (mobile form factor, simulated throttling: Lighthouse's defaults).
 * A run that Lighthouse itself reports as broken (runtimeError, e.g. NO_NAVSTART when the machine is busy) is
 * repeated, up to `attempts` times; the page's own failures are never retried away, they are in the scores.
 */
export async function runLighthouse(
  url: string,
  flags: Flags = {},
  { attempts = 3 }: { attempts?: number } = {},
): Promise<Result> {
  let lastError: Error | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...flags });
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      const { lhr } = result;
      if (!lhr.runtimeError) return lhr;
      lastError = new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      console.warn(`${lastError.message} (attempt ${attempt}/${attempts})`);
    } finally {
      await chrome.kill();
    }
  }
  throw lastError ?? new Error(`Lighthouse ${url} failed`);
}

/** Category score as 0–100 (null when Lighthouse could not score it). */
export function score(lhr: Result, category: CategoryId): number | null {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
}

/** Audits that cost points in a category, as "id (score): title — explanation" lines for failure messages. */
export function failingAudits(lhr: Result, category: CategoryId): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => !!audit && audit.score !== null && audit.score < 1)
    .map(
      (audit) =>
        `${audit.id} (${audit.score}): ${audit.title}${audit.explanation ? ` — ${audit.explanation}` : ''}${itemsSummary(audit)}`,
    );
}

function itemsSummary(audit: Result['audits'][string]): string {
  const details = audit.details as { items?: Array<Record<string, unknown>> } | undefined;
  const items = details?.items?.slice(0, 5) ?? [];
  if (items.length === 0) return '';
  return items
    .map((item) => {
      const node = item.node as { snippet?: string; explanation?: string } | undefined;
      return `\n      · ${node?.snippet ?? item.url ?? item.source ?? JSON.stringify(item).slice(0, 200)}${node?.explanation ? ` — ${node.explanation}` : ''}`;
    })
    .join('');
}

export interface ResourceRow {
  resourceType: string;
  requestCount: number;
  transferSize: number;
}

/** Transfer bytes and request counts per resource type, from the resource-summary audit. */
export function resourceSummary(lhr: Result): Map<string, ResourceRow> {
  const details = lhr.audits['resource-summary']?.details as { items?: ResourceRow[] } | undefined;
  return new Map((details?.items ?? []).map((row) => [row.resourceType, row]));
}

/** Full Chromium version (`chromium --version`; the user agent Lighthouse records is reduced to 156.0.0.0). */
export function chromiumVersion(): string {
  try {
    const output = execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return /([\d]+\.[\d.]+)/.exec(output)?.[1] ?? output.trim();
  } catch {
    return 'unknown';
  }
}
