/**
 * Where a lead came from (decision 134): the channel table (the one home of which site is which channel), what the
 * page keeps of its landing URL and referrer, and how the server turns that into the source stored with the idea.
 * No zod, so the page code that notes the landing can import it without the validation chunk. Nothing here
 * identifies a visitor: click identifiers (gclid, fbclid, NaPm…) and the visitor's own search words (`n_query`)
 * are dropped, the referrer is reduced to its host.
 */

import { SOURCE_VALUE_MAX } from './landing';

export { SOURCE_PARAMS_FIELD, SOURCE_REFERRER_FIELD, REFERRER_HOST_MAX } from './landing';

/** The channels the 현황 screen and the inbox filter group sources by; labels: content/lead-source.ts. */
export const CHANNELS = ['search', 'social', 'blog', 'direct', 'other', 'unknown'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The table: a host (or the domain it ends with) → channel and source name. A longer suffix wins, so
 * blog.naver.com is a blog, search.naver.com a search. Also read for `utm_source` values (`naver`, `kakao`…).
 */
export const SOURCE_TABLE: readonly { host: string; channel: Channel; source: string }[] = [
  { host: 'naver.com', channel: 'search', source: 'naver' },
  { host: 'google.com', channel: 'search', source: 'google' },
  { host: 'google.co.kr', channel: 'search', source: 'google' },
  { host: 'daum.net', channel: 'search', source: 'daum' },
  { host: 'bing.com', channel: 'search', source: 'bing' },
  { host: 'zum.com', channel: 'search', source: 'zum' },
  { host: 'instagram.com', channel: 'social', source: 'instagram' },
  { host: 'facebook.com', channel: 'social', source: 'facebook' },
  { host: 'kakao.com', channel: 'social', source: 'kakao' },
  { host: 'kakaotalk', channel: 'social', source: 'kakao' },
  { host: 'threads.net', channel: 'social', source: 'threads' },
  { host: 'threads.com', channel: 'social', source: 'threads' },
  { host: 'x.com', channel: 'social', source: 'x' },
  { host: 'twitter.com', channel: 'social', source: 'x' },
  { host: 't.co', channel: 'social', source: 'x' },
  { host: 'linkedin.com', channel: 'social', source: 'linkedin' },
  { host: 'youtube.com', channel: 'social', source: 'youtube' },
  { host: 'blog.naver.com', channel: 'blog', source: 'naver_blog' },
  { host: 'cafe.naver.com', channel: 'social', source: 'naver_cafe' },
  { host: 'tistory.com', channel: 'blog', source: 'tistory' },
  { host: 'brunch.co.kr', channel: 'blog', source: 'brunch' },
  { host: 'velog.io', channel: 'blog', source: 'velog' },
  { host: 'medium.com', channel: 'blog', source: 'medium' },
  { host: 'blog.daum.net', channel: 'blog', source: 'daum_blog' },
];

/** `utm_source` values that name a table entry by its source rather than its host (`utm_source=naver`). */
const BY_SOURCE_NAME = new Map(SOURCE_TABLE.map((entry) => [entry.source, entry] as const));

/** `utm_medium` values that decide the channel whatever the source (a paid search ad is still search). */
const MEDIUM_CHANNELS: Record<string, Channel> = {
  cpc: 'search',
  ppc: 'search',
  paidsearch: 'search',
  search: 'search',
  organic: 'search',
  social: 'social',
  'paid-social': 'social',
  paidsocial: 'social',
  sns: 'social',
  blog: 'blog',
};

/** The table entry a host or source name falls under: exact name, then the longest host suffix. */
function entryOf(name: string): { channel: Channel; source: string } | undefined {
  const lowered = name.toLowerCase();
  const byName = BY_SOURCE_NAME.get(lowered);
  if (byName) return byName;
  let best: (typeof SOURCE_TABLE)[number] | undefined;
  for (const entry of SOURCE_TABLE) {
    const matches = lowered === entry.host || lowered.endsWith(`.${entry.host}`);
    if (matches && (!best || entry.host.length > best.host.length)) best = entry;
  }
  return best;
}

/** The source stored with an idea: its channel, the source's name, the medium and campaign when the URL said. */
export interface LeadSource {
  channel: Channel;
  /** `naver`, `instagram`… from the table, else the utm_source as given, else the referrer's host; '' for direct. */
  source: string;
  medium: string;
  campaign: string;
}

// eslint-disable-next-line no-control-regex -- control characters are not stored
const CONTROL = /[\u0000-\u001F\u007F]/g;
const clean = (value: string | null | undefined) =>
  (value ?? '').replace(CONTROL, '').trim().slice(0, SOURCE_VALUE_MAX);

/**
 * The lead's source from what the page kept (or, for a form posted without the page's script, from the form
 * page's own URL: `referrer` is then unknown). UTM first; Naver's ad parameters make a Naver search ad; else the
 * referrer's host through the table; else direct (or unknown when nothing could be known).
 */
export function leadSourceOf(
  landing: { params?: string | undefined; referrer?: string | undefined } | null,
  options: { referrerKnown: boolean } = { referrerKnown: true },
): LeadSource {
  const params = new URLSearchParams(landing?.params ?? '');
  const utmSource = clean(params.get('utm_source')).toLowerCase();
  const medium = clean(params.get('utm_medium')).toLowerCase();
  const campaign = clean(params.get('utm_campaign'));
  if (utmSource !== '') {
    const entry = entryOf(utmSource);
    const channel = MEDIUM_CHANNELS[medium] ?? entry?.channel ?? 'other';
    return { channel, source: entry?.source ?? utmSource, medium, campaign };
  }
  if (params.has('n_media') || params.has('n_keyword') || params.has('n_campaign_type')) {
    return { channel: 'search', source: 'naver', medium: 'cpc', campaign: campaign || clean(params.get('n_keyword')) };
  }
  const host = clean(landing?.referrer).toLowerCase();
  if (host !== '') {
    const entry = entryOf(host);
    return { channel: entry?.channel ?? 'other', source: entry?.source ?? host, medium, campaign };
  }
  if (medium !== '' || campaign !== '')
    return { channel: MEDIUM_CHANNELS[medium] ?? 'other', source: '', medium, campaign };
  return { channel: options.referrerKnown ? 'direct' : 'unknown', source: '', medium: '', campaign: '' };
}
