/**
 * The team's 현황 screen (field Web Vitals, the funnel, the 24-hour promise; decision 098) and the beacon endpoint's
 * refusals. Team-only copy (build/pretendard-subsets.ts leaves it out of the public font): 해요체.
 */
export const fieldFiguresCopy = {
  nav: '현황',
  title: '현황',
  intro: '실제 방문자의 기기에서 잰 속도와 신청까지의 흐름이에요. 쿠키도 방문자 식별값도 없이 날짜별 합계로만 모아요.',
  off: '방문 통계를 끈 상태예요(VITALS=false). 지금은 아무것도 모으지 않아요.',
  loading: '현황을 불러오는 중이에요…',
  failed: '현황을 불러오지 못했어요. 잠시 후 다시 열어 주세요.',
  vitals: {
    heading: (days: number) => `최근 ${days}일 Core Web Vitals (p75)`,
    caption: '경로와 기기별 p75 값과 판정이에요. 표본이 적으면 값이 크게 흔들려요.',
    route: '경로',
    device: '기기',
    samples: '표본',
    none: '아직 모인 값이 없어요.',
  },
  trend: {
    heading: '날짜별 추이 (전체 경로, p75)',
    tableCaption: (metric: string) => `${metric} 날짜별 p75`,
    day: '날짜',
    value: 'p75',
    samples: '표본',
    showTable: '표로 보기',
  },
  funnel: {
    heading: '신청까지의 흐름',
    caption: '이번 달과 지난달의 단계별 건수와 앞 단계 대비 전환율이에요.',
    step: '단계',
    conversion: '전환율',
    byRoute: '경로별 페이지 조회',
    byRouteNone: '이번 달과 지난달에 기록된 페이지 조회가 없어요.',
  },
  promise: {
    heading: '24시간 약속',
    onTime: '이번 달 24시간이 지났거나 전달한 아이디어 중 24시간 안에 전달한 비율',
    none: '이번 달 전달한 프로토타입이 아직 없어요.',
  },
  devices: { phone: '휴대폰', desktop: '컴퓨터' },
  ratings: { good: '좋음', 'needs-improvement': '개선 필요', poor: '나쁨' },
  steps: {
    page_view: '페이지 조회',
    form_started: '신청서 작성 시작',
    memo_recorded: '음성 메모 녹음',
    idea_sent: '아이디어 접수',
    delivered: '프로토타입 전달',
    meeting: '미팅',
    contracted: '계약',
  },
} as const;

/** What the beacon endpoint answers when it refuses (nobody reads them but a developer; the page ignores answers). */
export const vitalsRefusals = {
  invalid_beacon: '방문 통계 형식이 올바르지 않습니다.',
  payload_too_large: '방문 통계가 너무 큽니다.',
  unsupported_media_type: '지원하지 않는 형식의 방문 통계입니다.',
  forbidden_origin: '허용되지 않은 출처에서 보낸 방문 통계입니다.',
  rate_limited: '짧은 시간에 방문 통계가 너무 많이 들어왔습니다.',
} as const;
