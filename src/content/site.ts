/**
 * Site-wide facts and configuration: brand, routes with their search/share metadata, external links and
 * operator details. Everything here is data; pages and build scripts read it, nothing here imports them.
 */

export const site = {
  /** Short label in the top bar. */
  brand: '24시간 MVP',
  /** Full name for titles, Open Graph and JSON-LD. */
  name: '24시간 MVP 스튜디오',
  tagline: '아이디어를 24시간 안에 작동하는 프로토타입으로',
  locale: 'ko_KR',
  themeColor: '#4f46e5',
  /** Default public origin; the build reads SITE_URL to override it (canonical URLs, sitemap, OG). */
  defaultUrl: 'http://localhost:3000',
  ogImage: {
    path: '/og-image.png',
    width: 1200,
    height: 600,
    alt: '24시간 안에 아이디어를 작동하는 프로토타입으로 만들어 드립니다',
  },
  /** Who delivers the team mail, as the privacy policy names the processor. */
  mailProvider: '이메일 발송 대행사(SMTP 서비스)',
} as const;

/**
 * The agency's own details, which differ per deployment: set at build time from the environment
 * (build/build-settings.ts, documented in .env.example), never by editing this file. These are the values a
 * development build uses; a production build refuses them.
 */
export interface SiteSettings {
  links: {
    /** External newsletter subscription page. */
    newsletter: string;
    /** The founder's main homepage. */
    homepage: string;
  };
  /** Operator details for the privacy policy, the footer and the home page's JSON-LD. */
  operator: {
    name: string;
    /** The person responsible for personal data (개인정보 보호책임자). */
    representative: string;
    /** Where visitors send privacy requests (erasure, access) and questions. */
    contactEmail: string;
  };
  /** The agency's KakaoTalk channel (https://pf.kakao.com/…), offered beside the form when set. */
  kakaoChannelUrl: string | null;
}

export const developmentSiteSettings: SiteSettings = {
  links: { newsletter: 'https://newsletter.example.com/subscribe', homepage: 'https://www.example.com' },
  operator: { name: '24시간 MVP 스튜디오', representative: '대표', contactEmail: 'privacy@example.com' },
  kakaoChannelUrl: null,
};

interface RouteEntry {
  id: string;
  /** URL path; the 404 page has none of its own. */
  path: string | null;
  /** Built HTML file, relative to the site's output folder. */
  file: string;
  title: string;
  description: string;
  /** Listed in the sitemap and indexable by search engines. */
  indexable: boolean;
  /** Its label in the top bar's navigation, when it is listed there. */
  navLabel?: string;
}

/**
 * Every page of the site, the only list of them: the build, head tags, sitemap, serving, the top bar, and the
 * budget, axe and page tests all read it. Adding a page is an entry here and `src/web/site/pages/<id>-page.tsx`.
 */
const routeList = [
  {
    id: 'home',
    path: '/',
    navLabel: '홈',
    file: 'index.html',
    title: '24시간 MVP 스튜디오 | 아이디어를 24시간 안에 프로토타입으로',
    description:
      '창업가의 아이디어를 AI·바이브 코딩·노코드로 24시간 안에 작동하는 프로토타입(MVP)으로 만들어 드립니다. 짧은 글이나 음성 메모로 아이디어만 보내주세요.',
    indexable: true,
  },
  {
    id: 'about',
    path: '/about',
    navLabel: '팀 소개',
    file: 'about/index.html',
    title: '팀 소개 | 24시간 MVP 스튜디오',
    description:
      '5만 명 이상이 사용한 서비스를 만들고 300시간 넘게 창업가를 코칭한 창업가와 노코드 개발자가 함께합니다.',
    indexable: true,
  },
  {
    id: 'privacy',
    path: '/privacy',
    file: 'privacy/index.html',
    title: '개인정보처리방침 | 24시간 MVP 스튜디오',
    description: '외주 서비스 신청서로 받는 개인정보의 항목, 이용 목적, 보유 기간과 이용자의 권리를 안내합니다.',
    indexable: true,
  },
  {
    id: 'not-found',
    path: null,
    file: '404.html',
    title: '페이지를 찾을 수 없습니다 | 24시간 MVP 스튜디오',
    description: '요청하신 페이지를 찾을 수 없습니다.',
    indexable: false,
  },
] as const satisfies readonly RouteEntry[];

export type RouteId = (typeof routeList)[number]['id'];

export interface RouteMeta extends RouteEntry {
  id: RouteId;
}

export const routes: readonly RouteMeta[] = routeList;

export function routeById(id: RouteId): RouteMeta {
  const route = routes.find((r) => r.id === id);
  if (!route) throw new Error(`unknown route ${id}`);
  return route;
}

/** The URL path of a page that has one (every route but the 404 page). */
export function routePath(id: RouteId): string {
  const { path } = routeById(id);
  if (path === null) throw new Error(`route ${id} has no path of its own`);
  return path;
}

/** The pages served at a path of their own, for tests and tools that visit every page. */
export const pagePaths: readonly string[] = routes.flatMap((route) => (route.path === null ? [] : [route.path]));

/** Top-bar navigation: the routes with a navLabel, in route order. */
export const navigation: readonly { href: string; label: string }[] = routes.flatMap((route) =>
  route.navLabel && route.path !== null ? [{ href: route.path, label: route.navLabel }] : [],
);

export const ideaFormAnchor = 'idea-form';

/** The page that holds the idea form (its section, `ideaFormAnchor`): a form posted without JavaScript viewed it. */
export const ideaFormRoute: RouteId = 'home';
