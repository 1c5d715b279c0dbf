/** Korean copy of the home page, section by section: hero, value panel, claims, process, FAQ, idea form. */

export const hero = {
  eyebrow: 'AI · 바이브 코딩 · 노코드',
  headline: ['아이디어를 24시간 안에', '작동하는 프로토타입으로'],
  lead: '스타트업 창업가를 위한 웹 서비스와 MVP를 AI, 바이브 코딩, 노코드로 빠르게 만들어 드립니다. 아이디어를 받은 뒤 24시간 안에 직접 사용해 볼 수 있는 프로토타입을 보여드립니다.',
  ideaFormats: '간단한 글이나 음성 메모로 아이디어만 보내주셔도 충분합니다.',
  primaryCta: '아이디어 보내기',
  secondaryCta: '포트폴리오 보기',
} as const;

export interface ValuePoint {
  title: string;
  description: string;
}

export const valuePanel: readonly [ValuePoint, ValuePoint, ValuePoint] = [
  {
    title: '아이디어 시각화',
    description: '머릿속에만 있던 아이디어를 눈으로 보고 사용해 볼 수 있는 화면으로 만들어 드립니다.',
  },
  {
    title: '빠른 프로토타이핑',
    description: '24시간 안에 실제로 작동하는 프로토타입을 만들어 방향을 빠르게 검증합니다.',
  },
  { title: '완성형 서비스 개발', description: '검증을 마친 프로토타입을 실제로 출시할 수 있는 서비스로 완성합니다.' },
];

export interface Claim {
  figure: string;
  label: string;
}

export const claimsHeading = '직접 만들고 키워 본 경험으로 함께합니다';

export const claims: readonly Claim[] = [
  { figure: '50,000+', label: '직접 만든 서비스의 누적 사용자' },
  { figure: '300+시간', label: '스타트업 창업 코칭' },
  { figure: '12억+', label: '창업자 투자 유치' },
  { figure: '7억+', label: '정부 지원사업 유치' },
];

export interface ProcessStep {
  step: number;
  title: string;
  description: string;
}

export const processSection = {
  title: '서비스 진행 과정 (5단계)',
  subtitle: '간단하고 명확한 프로세스로 진행됩니다',
  stepLabel: (step: number) => `${step}단계`,
};

export const processSteps: readonly ProcessStep[] = [
  {
    step: 1,
    title: '아이디어 제출',
    description: '간단한 글이나 음성 메모로 아이디어를 보내주세요. 기획서가 없어도 괜찮습니다.',
  },
  {
    step: 2,
    title: '24시간 내 프로토타입 제작',
    description: '접수 후 24시간 안에 실제로 작동하는 프로토타입을 만들어 보여드립니다.',
  },
  {
    step: 3,
    title: '견적과 개발 범위 안내',
    description: '만들어진 화면을 함께 보면서 개발 범위와 견적을 안내해 드립니다.',
  },
  {
    step: 4,
    title: '방향 협의 미팅',
    description: '고객님이 원하시는 시간에 미팅을 열어 방향과 세부 사항을 함께 정합니다.',
  },
  { step: 5, title: '본 작업 시작', description: '내용을 확정하고 결제가 완료되면 본격적인 개발을 시작합니다.' },
];

export const portfolioSection = {
  eyebrow: '포트폴리오',
  title: '실제 제작한 프로젝트를 확인해보세요',
  subtitle: '카드를 누르면 실제로 작동하는 화면을 볼 수 있습니다.',
  moreFeatures: (count: number) => `+${count}`,
  openHint: '데모 보기',
};

export const demoDialog = {
  featuresHeading: '주요 기능',
  imageAlt: (title: string) => `${title} 데모 화면`,
  loading: '로딩 중...',
  failed: '데모 준비 중입니다',
  retry: '다시 시도',
  pause: '일시정지',
  play: '재생',
  close: '닫기',
};

export interface FaqItem {
  question: string;
  answer: string;
}

export const faqSection = {
  eyebrow: '자주 묻는 질문',
  title: '궁금한 점을 먼저 확인해보세요',
};

export const faq: readonly FaqItem[] = [
  {
    question: '정말 24시간 안에 프로토타입을 받을 수 있나요?',
    answer:
      '네. 만들고 싶은 범위가 명확하고 단순하다면 24시간 안에 작동하는 프로토타입을 보여드릴 수 있습니다. 범위가 큰 경우에는 핵심 기능부터 먼저 만들어 보여드립니다.',
  },
  {
    question: '노코드로 만든 서비스도 나중에 확장할 수 있나요?',
    answer:
      '네. 노코드 서비스에도 코드를 연동해 기능을 넓힐 수 있고, 서비스가 성장하면 맞춤 개발로 전환할 수 있습니다.',
  },
  {
    question: '기획서가 없어도 신청할 수 있나요?',
    answer:
      '물론입니다. 기획서는 필요하지 않습니다. 아이디어만 알려주시면 필요한 기능과 화면은 저희 팀이 정리해 드립니다.',
  },
];

export const ideaForm = {
  title: '외주 서비스 신청서',
  subtitle: '아이디어를 보내주시면 24시간 안에 작동하는 프로토타입으로 보여드립니다.',
  fields: {
    idea: {
      label: '아이디어',
      hint: '만들고 싶은 서비스를 편하게 적어주세요. 글 대신 음성 메모로 남기셔도 됩니다.',
      placeholders: [
        '예) 동네 배드민턴 동호회 회원들이 경기 점수를 기록하고, 파트너별 승률과 실력 변화를 볼 수 있는 앱을 만들고 싶어요.',
        '예) 미국 대학 편입을 준비하는 학생이 희망 전공과 학점을 입력하면, 지원할 수 있는 학교와 일정을 정리해 주는 서비스를 구상하고 있어요.',
        '예) 우리 가게 인스타그램과 경쟁 매장의 리뷰를 매일 모아서, 어떤 메뉴가 반응이 좋은지 한눈에 보여주는 대시보드가 필요해요.',
      ],
      /** How long each example shows while the field is empty. */
      placeholderIntervalMs: 4000,
    },
    name: { label: '이름', placeholder: '홍길동' },
    phone: { label: '연락처', placeholder: '010-1234-5678' },
    email: { label: '이메일', placeholder: 'you@example.com' },
  },
  /** Issue 49: KakaoTalk updates, asked apart from the privacy consent; the number is the 연락처 field's. */
  kakao: {
    label: '카카오톡으로도 진행 소식 받기(휴대폰 번호 필요, 선택)',
  },
  requiredMark: '필수',
  optionalMark: '선택',
  submit: '상담 신청하기',
  submitting: '보내는 중...',
  footnote: '신청서를 보내주시면 24시간 안에 시각화된 프로토타입 사이트와 견적서를 보내드립니다.',
  /** The draft kept in the visitor's browser until sent (decision 085). */
  draft: {
    note: '작성 중인 내용은 보내기 전까지 이 브라우저에만 임시 저장됩니다.',
    clear: '지우기',
  },
  privacy: {
    title: '개인정보 수집·이용 안내',
    items: [
      { term: '수집 항목', detail: '아이디어 내용(글 또는 음성 메모), 이름, 이메일, 연락처(선택)' },
      { term: '이용 목적', detail: '프로토타입 제작, 견적 안내와 상담 연락' },
      { term: '보유 기간', detail: '상담 종료 후 1년까지 보관하며, 삭제를 요청하시면 바로 파기합니다' },
      { term: '동의 거부', detail: '동의하지 않으셔도 되지만, 이 경우 신청서를 접수할 수 없습니다' },
    ],
    linkPrefix: '자세한 내용은 ',
    linkLabel: '개인정보처리방침',
    linkSuffix: '에서 확인하실 수 있습니다.',
  },
} as const;

export interface NoticeCopy {
  title: string;
  description: string;
}

export const ideaNotices = {
  required: {
    title: '필수 정보를 입력해주세요',
    description: '아이디어(글 또는 음성 메모), 이름, 이메일은 필수 입력 항목입니다.',
  },
  invalid: { title: '입력 내용을 확인해주세요' },
  failed: { title: '제출 중 오류가 발생했습니다', description: '잠시 후 다시 시도해주세요.' },
  rateLimited: { title: '잠시 후 다시 시도해주세요' },
  memoRefused: { title: '음성 메모를 보내지 못했습니다' },
  success: { title: '아이디어가 접수되었습니다!', description: '24시간 내에 프로토타입을 제작하여 연락드리겠습니다.' },
  receiptId: '접수 번호',
  receiptPromise: '프로토타입 전달 예정',
  /** The status link on both receipts (decision 084). */
  statusHint: '진행 상황은 아래 링크에서 언제든 확인할 수 있습니다. 이 링크는 본인만 알고 있어야 하니 보관해 두세요.',
  statusLink: '진행 상황 보기',
  dismiss: '알림 닫기',
} as const;
