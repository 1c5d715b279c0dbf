/**
 * What the public page keeps of where a visit began (decision 134), in the visit's session storage only: the landing
 * URL's kept parameters and the referring site's host. Apart from lead-source.ts (the channel table, the server's)
 * so the page code carries only these few lines. Nothing is sent before the idea itself; no cookie, no identifier.
 */

/**
 * The landing URL's parameters the page keeps: UTM, and of Naver search ads' automatic tracking parameters the ones
 * that name the ad (the media, the bought keyword, the campaign type), never `n_query` (what the visitor typed).
 */
export const KEPT_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'n_media',
  'n_keyword',
  'n_campaign_type',
] as const;

/** The longest value kept of each parameter, and of the referrer's host. */
export const SOURCE_VALUE_MAX = 100;
export const REFERRER_HOST_MAX = 253;

/** The idea request's two optional fields carrying the landing (idea.ts), and the page's session storage key. */
export const SOURCE_PARAMS_FIELD = 'sourceParams';
export const SOURCE_REFERRER_FIELD = 'sourceReferrer';
export const SOURCE_STORAGE_KEY = 'mvp24.source';

/** What the page keeps of its landing for the visit: the kept parameters (a query string) and the referrer's host. */
export interface Landing {
  params: string;
  referrer: string;
}

/** The kept parameters of a query string, in KEPT_PARAMS' order, each cut to SOURCE_VALUE_MAX; '' when none. */
export function keptParams(search: string): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = given.get(name)?.trim();
    if (value) kept.set(name, value.slice(0, SOURCE_VALUE_MAX));
  }
  return kept.toString();
}

/** The host of a referrer URL, lowered, without `www.`; '' when there is none or it cannot be read. */
export function referrerHost(referrer: string): string {
  try {
    return new URL(referrer).hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .slice(0, REFERRER_HOST_MAX);
  } catch {
    return '';
  }
}

/**
 * The landing worth keeping for the visit, or null: a page with kept parameters, or reached from another site.
 * A page reached from our own site (`ownHost`) or typed in keeps what an earlier page of the visit noted.
 */
export function landingOf(search: string, referrer: string, ownHost: string): Landing | null {
  const params = keptParams(search);
  const host = referrerHost(referrer);
  const external = host !== '' && host !== ownHost.toLowerCase().replace(/^www\./, '');
  if (params === '' && !external) return null;
  return { params, referrer: external ? host : '' };
}

/**
 * A page view that begins a visit, and its landing (the kept parameters, the referring site's host, each '' when
 * none): reached from another site, or with no referrer at all (typed in, a bookmark, an app). Null when the visitor
 * came from a page of this site, or reloaded or went back (`navigationType`): those continue a visit. Sent once per
 * visit with the visit beacon (decision 098), where the server counts the visit under its source.
 */
export function visitStartOf(search: string, referrer: string, ownHost: string, navigationType = 'navigate') {
  const host = referrerHost(referrer);
  if (navigationType !== 'navigate' || (host && host === referrerHost(`http://${ownHost}`))) return null;
  const params = keptParams(search);
  return { params: params.length > VISIT_PARAMS_MAX ? '' : params, referrer: host } satisfies Landing;
}

/**
 * The longest kept-parameters string a visit beacon carries (a landing's longer one, percent-encoded Korean, is
 * sent as '': the visit is counted by its referrer).
 */
export const VISIT_PARAMS_MAX = 1200;
