/**
 * The team's 현황 screen (field Web Vitals, the funnel, the 24-hour promise; decision 098) and the beacon endpoint's
 * refusals. Team-only copy (build/pretendard-subsets.ts leaves it out of the public font): 해요체.
 */
export const fieldFiguresCopy = {
  nav: '현황',
  title: '현황',
  intro: '실제 방문자의 기기에서 잰 속도와 신청까지의 흐름이에요. 쿠키도 방문자 식별값도 없이 날짜별 합계로만 모아요.',
  notCounted:
    '검색 로봇, Lighthouse 같은 자동화 도구와 헤드리스 브라우저로 들어온 방문은 속도와 페이지 조회에 세지 않아요.',
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
    /** What each core metric means to the agency, one line each. */
    meanings: {
      LCP: '첫 화면에서 가장 큰 내용(제목이나 큰 이미지)이 보이기까지 걸린 시간이에요. 길면 내용을 보기 전에 떠나기 쉬워요.',
      INP: '버튼을 누르거나 글자를 입력한 뒤 화면이 반응하기까지 걸린 시간이에요. 길면 신청서가 굼뜨게 느껴져요.',
      CLS: '보는 도중에 화면 요소가 갑자기 밀려난 정도예요. 크면 엉뚱한 곳을 누르기 쉬워요.',
    },
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
    /** Why the inbox's month count and this funnel agree, and what an erasure leaves. */
    sources:
      '아이디어 접수부터는 받은 아이디어 화면과 같은 기준이라 삭제한 아이디어는 빠지고, 누구인지 남기지 않는 합계인 페이지 조회와 신청서 작성 시작은 그대로 남아요.',
    capped:
      '앞 단계에 잡히지 않은 건이 섞이면(자동화 브라우저로 보낸 아이디어, 상태 페이지 밖에서 잡은 미팅 뒤의 계약 등) 전환율은 100%까지만 보여요.',
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
  /** The funnel to a contract by source (decision 135). */
  sources: {
    heading: '유입 경로별 계약까지의 흐름',
    periodLabel: '기간',
    period: (days: number) => `최근 ${days}일`,
    range: (from: string, to: string) => `${from} ~ ${to} (한국 시간)`,
    caption:
      '이 기간에 받은 아이디어가 지금까지 어느 단계까지 갔는지 유입 경로별로 세요. 전환율은 앞 단계 대비 비율이고, 24시간 안 전달은 전달한 프로토타입 중 비율이에요.',
    visitsNote:
      '방문은 쿠키 없이 방문이 시작된 첫 페이지의 유입 경로로 세요. 자바스크립트가 꺼져 있거나 몇 초 안에 닫힌 방문은 세지 않아서, 방문 대비 아이디어 전환율은 100%까지만 보여요.',
    chartHeading: '경로별 아이디어와 계약',
    chartLegend: { ideas: '아이디어', contracts: '계약' },
    tableCaption: '유입 경로별 단계 건수와 전환율',
    channel: '경로',
    allChannels: '전체',
    noSource: '(출처 없음)',
    none: '이 기간에 받은 아이디어가 없어요.',
    steps: {
      visit: '방문',
      idea: '아이디어',
      delivered: '프로토타입 전달',
      on_time: '24시간 안 전달',
      meeting: '미팅',
      quote_accepted: '견적 확인',
      contracted: '계약',
    },
    timesHeading: '단계별 머문 시간',
    timesCaption:
      '이 기간에 받은 아이디어가 각 단계에 머물다 다음 단계로 넘어가기까지 걸린 시간이에요. 단계마다 전체 아래에 유입 경로별로 보여요.',
    stage: '단계',
    median: '중앙값',
    p75: '75%',
    stays: '건수',
    timesNone: '아직 다음 단계로 넘어간 아이디어가 없어요.',
    lossesHeading: '종료된 아이디어와 사유',
    lossesCaption: '종료 직전 단계와 종료 사유별 건수예요.',
    reason: '종료 사유',
    count: '건수',
    lossesNone: '이 기간에 받은 아이디어 중 종료된 것이 없어요.',
    duration: (minutes: number) => {
      const days = Math.floor(minutes / 1440);
      const hours = Math.floor((minutes % 1440) / 60);
      const mins = Math.round(minutes % 60);
      if (days > 0) return hours > 0 ? `${days}일 ${hours}시간` : `${days}일`;
      if (hours > 0) return mins > 0 ? `${hours}시간 ${mins}분` : `${hours}시간`;
      return `${Math.max(1, mins)}분`;
    },
  },
  devices: { phone: '휴대폰', desktop: '컴퓨터' },
  ratings: { good: '좋음', 'needs-improvement': '개선 필요', poor: '나쁨' },
  steps: {
    page_view: '페이지 조회',
    form_started: '신청서 작성 시작',
    memo_recorded: '음성 메모 녹음',
    idea_sent: '아이디어 접수',
    delivered: '프로토타입 전달',
    meeting: '미팅 예약',
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
