/** Portfolio items shown as cards on the home page; each opens a demo dialog with a looping animation. */

export interface PortfolioItem {
  /** Stable id; also the demo file's base name under /demos/. */
  slug: string;
  title: string;
  description: string;
  category: string;
  /** Exactly four features: a card shows the first two and "+2". */
  features: readonly [string, string, string, string];
  /** Looping demo animation (animated WebP). The dialog requests `gifUrl?t=<timestamp>`. */
  gifUrl: string;
  /** Still frame shown while the demo is paused. */
  posterUrl: string;
  /** The poster at card size (CARD_IMAGE_SIZE), shown on the portfolio card. */
  cardImageUrl: string;
  /** Tailwind colour classes for the card accent. */
  colors: { badge: string; accent: string };
}

export const DEMO_SIZE = { width: 960, height: 600 } as const;
/** The card image's size: the poster scaled to fit a card (16:10, like the demo). */
export const CARD_IMAGE_SIZE = { width: 640, height: 400 } as const;

export const portfolio: readonly PortfolioItem[] = [
  {
    slug: 'badminton-log',
    title: '배드민턴 기록 서비스',
    description:
      '경기 점수와 파트너를 기록하고, 쌓인 기록으로 실력 변화를 한눈에 보여주는 배드민턴 동호인용 서비스입니다.',
    category: '스포츠',
    features: ['경기 결과 기록', '점수 변화 그래프', '파트너·상대 관리', '승률·통계 대시보드'],
    gifUrl: '/demos/badminton-log.webp',
    posterUrl: '/demos/badminton-log-poster.webp',
    cardImageUrl: '/demos/badminton-log-card.webp',
    colors: { badge: 'bg-emerald-100 text-emerald-800', accent: 'from-emerald-500 to-teal-500' },
  },
  {
    slug: 'college-transfer',
    title: '미국 대학 편입 가이드',
    description:
      '희망 전공과 성적을 바탕으로 미국 대학 편입 경로를 찾고, 학교별 요건과 일정을 정리해 주는 교육 서비스입니다.',
    category: '교육',
    features: ['편입 가능 대학 검색', '학교별 요건 비교', '지원 일정 체크리스트', '학점 인정 계산기'],
    gifUrl: '/demos/college-transfer.webp',
    posterUrl: '/demos/college-transfer-poster.webp',
    cardImageUrl: '/demos/college-transfer-card.webp',
    colors: { badge: 'bg-sky-100 text-sky-800', accent: 'from-sky-500 to-indigo-500' },
  },
  {
    slug: 'marketing-crawler',
    title: '마케팅 데이터 크롤링 서비스',
    description:
      '키워드와 경쟁사 채널의 데이터를 자동으로 모아 마케팅 의사결정에 필요한 지표로 정리해 주는 비즈니스 서비스입니다.',
    category: '비즈니스',
    features: ['키워드·채널 수집 설정', '자동 수집 스케줄러', '경쟁사 지표 비교', '리포트 CSV 내보내기'],
    gifUrl: '/demos/marketing-crawler.webp',
    posterUrl: '/demos/marketing-crawler-poster.webp',
    cardImageUrl: '/demos/marketing-crawler-card.webp',
    colors: { badge: 'bg-amber-100 text-amber-800', accent: 'from-amber-500 to-orange-500' },
  },
  {
    slug: 'travel-social',
    title: '미국 지역 여행 소셜 네트워크',
    description: '미국 지역별 여행 정보를 나누고 같은 곳을 여행하는 사람들과 연결되는 여행 소셜 네트워크입니다.',
    category: '여행',
    features: ['지역별 여행 피드', '지도 기반 장소 탐색', '여행 동행 찾기', '일정 공유와 댓글'],
    gifUrl: '/demos/travel-social.webp',
    posterUrl: '/demos/travel-social-poster.webp',
    cardImageUrl: '/demos/travel-social-card.webp',
    colors: { badge: 'bg-rose-100 text-rose-800', accent: 'from-rose-500 to-pink-500' },
  },
];
