/** Korean copy of the team page (/about). Personal names are optional content fields, left empty on purpose. */

export interface Profile {
  role: string;
  /** Optional: fill in to show a name above the role. */
  name?: string;
  summary: string;
  highlights: readonly string[];
}

export interface Point {
  title: string;
  description: string;
}

const profiles: readonly Profile[] = [
  {
    role: '창업가 · 비즈니스 전략가',
    summary:
      '여러 서비스를 직접 만들고 운영하며 투자 유치와 정부 지원사업을 이끌었습니다. 창업가의 아이디어를 사업 관점에서 함께 구체화합니다.',
    highlights: [
      '누적 사용자 50,000명 이상의 서비스 운영',
      '스타트업 창업 코칭 300시간 이상',
      '투자 유치 12억 원 이상',
      '정부 지원사업 7억 원 이상 유치',
    ],
  },
  {
    role: '노코드 개발자 · 에이전시 대표',
    summary:
      '노코드 개발 에이전시를 이끌며 다양한 분야의 서비스를 빠르게 만들어 왔습니다. 프로토타입부터 출시까지 개발 전 과정을 책임집니다.',
    highlights: [
      '노코드 개발 에이전시 운영',
      'AI와 바이브 코딩을 활용한 빠른 개발',
      '노코드 서비스의 코드 연동과 맞춤 개발 전환',
    ],
  },
];

export const about = {
  eyebrow: '팀 소개',
  heading: '창업을 직접 해 본 사람들이 아이디어를 가장 빠르게 검증합니다',
  lead: '직접 서비스를 만들고 키워 본 창업가와 노코드 개발자가 함께 아이디어를 작동하는 서비스로 완성합니다.',
  mission: {
    title: '우리의 미션',
    statement: '창업가가 아이디어를 빠르게 검증하고, 확신을 갖고 다음 단계로 나아가도록 함께합니다.',
    points: [
      { title: '빠른 검증', description: '긴 기획 대신 24시간 안에 만든 프로토타입으로 아이디어를 먼저 확인합니다.' },
      {
        title: '실전 경험',
        description: '직접 서비스를 운영하고 투자를 유치해 본 경험으로 현실적인 방향을 제안합니다.',
      },
      {
        title: '전문성',
        description: 'AI, 바이브 코딩, 노코드와 맞춤 개발을 모두 다루며 단계에 맞는 방법을 제안합니다.',
      },
    ] satisfies readonly Point[],
  },
  profilesHeading: '함께하는 사람들',
  profiles,
  values: {
    title: '우리가 일하는 방식',
    items: [
      { title: '실행력', description: '말보다 결과물로 이야기합니다. 먼저 만들어 보여드리고 함께 고쳐 나갑니다.' },
      { title: '전문성', description: '검증된 도구와 경험을 바탕으로 오래 사용할 수 있는 서비스를 만들어 드립니다.' },
    ] satisfies readonly Point[],
  },
  figures: [
    { figure: '50,000+', label: '직접 만든 서비스의 누적 사용자' },
    { figure: '300+시간', label: '스타트업 창업 코칭' },
  ],
  newsletter: {
    title: '창업 인사이트 뉴스레터',
    description:
      '아이디어 검증, MVP 제작, 투자 유치 경험을 정리해 보내드립니다. 메인 홈페이지에서 더 많은 이야기를 만나보세요.',
    subscribe: '뉴스레터 구독하기',
    homepage: '메인 홈페이지 방문하기',
  },
} as const;
