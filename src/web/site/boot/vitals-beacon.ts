/**
 * The field Web Vitals beacon (decision 098): its own small chunk, imported by the page code after first paint
 * (client.tsx), so it costs the first paint nothing. web-vitals' standard build reads LCP, INP, CLS, FCP and TTFB
 * (its observers are buffered, so starting late loses nothing); when the page is first hidden or left, ONE beacon
 * goes to the same origin with `navigator.sendBeacon`: the route, the connection class the browser gives, the
 * values, and whether the visitor started the idea form or recorded a memo; on the first page view of a visit, the
 * landing's campaign parameters and the referring site's host, which the server counts the visit under (its
 * channel and campaign). No cookie, no storage, no identifier: the server keeps day totals only.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals';
import { ideaFormAnchor } from '../../../content/site';
import type { Landing } from '../../../domain/landing';
import {
  EFFECTIVE_TYPES,
  VITALS_ENDPOINT,
  type Beacon,
  type EffectiveType,
  type PageStep,
} from '../../../domain/vitals';

export interface BeaconEnvironment {
  send?: (url: string, body: Blob) => boolean;
  target?: Window;
  document?: Document;
  /** On a visit's first page view, where it came from (landing-source.ts `visitStart`); else null. */
  landing?: Landing | null;
}

/** Milliseconds rounded to the millisecond; CLS to four decimals. */
const rounded = (metric: MetricType) =>
  metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);

function effectiveType(): EffectiveType | undefined {
  const type = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType;
  return (EFFECTIVE_TYPES as readonly string[]).includes(type ?? '') ? (type as EffectiveType) : undefined;
}

export function startVitalsBeacon({
  send = (url, body) => navigator.sendBeacon(url, body),
  target = window,
  document: page = document,
  landing = null,
}: BeaconEnvironment = {}): void {
  const route = page.documentElement.dataset.route;
  if (!route || typeof navigator.sendBeacon !== 'function') return;
  const metrics: Beacon['metrics'] = {};
  const steps = new Set<PageStep>();
  const record = (metric: MetricType) => (metrics[metric.name] = rounded(metric));
  const options = { reportAllChanges: true };
  onTTFB(record, options);
  onFCP(record, options);
  onLCP(record, options);
  onCLS(record, options);
  onINP(record, options);

  const inForm = (node: EventTarget | null) => node instanceof Element && node.closest(`#${ideaFormAnchor}`) !== null;
  const listen = { capture: true, passive: true } as const;
  page.addEventListener('input', (event) => inForm(event.target) && steps.add('form_started'), listen);
  // A recorded memo's player loads its metadata once (media events do not bubble: caught on the way down).
  page.addEventListener('loadedmetadata', (event) => inForm(event.target) && steps.add('memo_recorded'), listen);

  let sent = false;
  const sendOnce = () => {
    if (sent || Object.keys(metrics).length === 0) return;
    sent = true;
    const connection = effectiveType();
    const beacon: Beacon = { route, metrics, ...(connection ? { connection } : {}) };
    if (steps.size > 0) beacon.steps = [...steps];
    if (landing) beacon.landing = landing;
    send(VITALS_ENDPOINT, new Blob([JSON.stringify(beacon)], { type: 'application/json' }));
  };
  // Registered after web-vitals' own listeners, so the final values are recorded before the beacon goes.
  page.addEventListener('visibilitychange', () => page.visibilityState === 'hidden' && sendOnce());
  target.addEventListener('pagehide', sendOnce);
}
