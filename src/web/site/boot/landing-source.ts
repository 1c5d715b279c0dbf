/**
 * Notes where the visit began (decision 134): on a page reached with campaign parameters or from another site, the
 * kept parameters and the referrer's host go to this tab's session storage, which the idea form reads when it sends
 * (features/idea-form/api.ts). Nothing leaves the browser before the idea; a browser without session storage simply
 * sends the idea without its source.
 */
import { landingOf, SOURCE_STORAGE_KEY, visitStartOf, type Landing } from '../../../domain/landing';

export function noteLanding(
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.sessionStorage,
  where: { search: string; hostname: string } = location,
  referrer: string = document.referrer,
): void {
  try {
    const landing = landingOf(where.search, referrer, where.hostname);
    if (landing) storage?.setItem(SOURCE_STORAGE_KEY, JSON.stringify(landing));
  } catch {
    // Storage refused (a private mode's quota, a sandbox): the idea goes without its source.
  }
}

/** The landing noted in this tab's visit, or null. */
export function notedLanding(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage,
): Landing | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(SOURCE_STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { params, referrer } = value as Partial<Landing>;
    return { params: typeof params === 'string' ? params : '', referrer: typeof referrer === 'string' ? referrer : '' };
  } catch {
    return null;
  }
}

/**
 * This page view's landing when it begins a visit (domain/landing.ts `visitStartOf`), read at page start and handed
 * to the visit beacon (client.tsx), so the beacon's chunk carries none of the landing code.
 */
export function visitStart(): Landing | null {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return visitStartOf(location.search, document.referrer, location.hostname, navigation?.type);
}
