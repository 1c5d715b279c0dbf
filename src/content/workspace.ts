/**
 * The team's workspace: its API's error messages and the leads' screens (the stage names, which the founder's status
 * page shows too, are in content/stages.ts). Team-only copy: its glyphs stay out of the public pages' font
 * (build/pretendard-subsets.ts). Content knows nothing of domain: the code that reads these holds them to the
 * domain's types (a missing key fails the typecheck there).
 */

/** The workspace API's error messages (domain/team-errors.ts; server/team/team-api.ts holds them to its codes), shown as is. */
export const teamErrorMessages = {
  unauthorized: '로그인이 필요해요. 다시 로그인해 주세요.',
  forbidden_origin: '이 사이트의 화면에서 보낸 요청만 처리할 수 있어요.',
  forbidden: '이 작업은 대표(owner)만 할 수 있어요.',
  forbidden_export_erase: '전체 내보내기와 삭제는 대표나 대표가 허용한 팀원만 할 수 있어요.',
  forbidden_contract_records: '보관 중인 계약 기록은 대표나, 대표가 내보내기와 삭제를 허용한 팀원만 볼 수 있어요.',
  not_found: '찾는 항목이 없어요. 이미 삭제되었거나 주소가 잘못되었어요.',
  invalid: '입력한 내용을 다시 확인해 주세요.',
  invalid_text: '저장할 수 없는 문자(제어 문자나 깨진 글자)가 들어 있어요. 붙여 넣은 부분을 지우고 다시 입력해 주세요.',
  conflict: '다른 사람이 먼저 바꿨어요. 새로고침한 뒤 다시 시도해 주세요.',
  stage_refused: '미팅과 계약은 프로토타입을 전달한 뒤에 고를 수 있어요. 먼저 프로토타입 전달로 바꿔 주세요.',
  role_differs: '이미 다른 역할의 팀원이에요. 역할은 팀원 목록에서 바꿔 주세요.',
  last_owner: '마지막 대표는 역할을 바꾸거나 내보낼 수 없어요. 먼저 다른 대표를 세워 주세요.',
  rate_limited: '시도가 너무 많아요. 잠시 후 다시 시도해 주세요.',
  invite_invalid: '초대 링크가 만료되었거나 이미 사용되었어요. 새 초대 링크를 요청해 주세요.',
  passkey_invalid: '패스키를 확인하지 못했어요. 다시 시도해 주세요.',
  internal: '일시적인 문제가 생겼어요. 잠시 후 다시 시도해 주세요.',
} as const;

/** The leads' screens (web/workspace/features/leads/): the inbox, a lead's page, the figures. */
export const leadsCopy = {
  inbox: {
    title: '받은 아이디어',
    intro: '약속 시간이 가까운 순서로 보여요. 프로토타입을 전달하면 시계가 멈춰요.',
    filters: '필터',
    stage: '단계',
    allStages: '전체 단계',
    overdue: '24시간 넘긴 것만',
    folder: '보관함',
    folders: { inbox: '받은 아이디어', spam: '스팸 보관함' },
    search: '검색',
    searchHint: '이름, 이메일, 아이디어 내용',
    searchButton: '검색',
    empty: '조건에 맞는 아이디어가 없어요.',
    voice: '음성 메모',
    noOwner: '담당자 없음',
    owner: (email: string) => `담당 ${email}`,
    /** `more`: the count stopped at its cap (LEAD_COUNT_CAP); more match. */
    results: (total: number, more = false) => `${total.toLocaleString('ko-KR')}건${more ? ' 이상' : ''}`,
    previous: '이전 페이지',
    next: '다음 페이지',
    page: (page: number, pages: number, more = false) => `${page} / ${pages}${more ? '+' : ''} 페이지`,
    spam: (reason: string) => `스팸 의심: ${reason}`,
  },
  clock: {
    left: (time: string) => `${time} 남음`,
    overdue: (time: string) => `${time} 지남`,
    stopped: (time: string) => `${time} 만에 전달`,
    late: (time: string) => `${time} 만에 전달 (약속 시간 넘김)`,
    closed: '종료 · 시계 멈춤',
    spam: '스팸 의심 · 시계 없음',
    hoursMinutes: (hours: number, minutes: number) => (hours > 0 ? `${hours}시간 ${minutes}분` : `${minutes}분`),
  },
  figures: {
    title: (year: number, month: number) => `${year}년 ${month}월 현황`,
    received: '이번 달 아이디어',
    inTime: '24시간 안에 전달',
    /** Kept of due: the leads whose 24 hours are over or that got their prototype (never one still inside them). */
    inTimeValue: (kept: number, due: number) => `${kept.toLocaleString('ko-KR')} / ${due.toLocaleString('ko-KR')}`,
    inTimeHint: '24시간이 지났거나 프로토타입을 받은 것 중에서 세요. 아직 24시간 안인 것은 세지 않아요.',
    median: '프로토타입까지 걸린 시간(중앙값)',
    none: '아직 없음',
    overdue: '지금 24시간 넘긴 것',
  },
  lead: {
    back: '받은 아이디어로 돌아가기',
    title: (name: string) => `${name}님의 아이디어`,
    reference: '접수 번호',
    receivedAt: '접수 시각',
    promisedBy: '약속 시각',
    contact: '연락처',
    email: '이메일',
    phone: '전화',
    noPhone: '전화번호 없음',
    idea: '아이디어',
    memoOnly: '글 없이 음성 메모로 보냈어요.',
    memo: '음성 메모',
    memoLength: (duration: string) => `길이 ${duration}`,
    delivery: '팀 메일 발송',
    consent: '개인정보 동의',
    consentGiven: (version: string, at: string) => `처리방침 버전 ${version} · ${at}`,
    noConsent: '기록 없음 (동의 기록 전에 받은 아이디어)',
    deliveryStatus: {
      pending: '발송 대기',
      sending: '발송 중',
      sent: '발송 완료',
      failed: '발송 실패',
      spam: '스팸 의심으로 보내지 않음',
      digest: '묶음 메일 대기',
    },
    attempts: (count: number) => `시도 ${count}회`,
    timeline: '기록',
    events: {
      received: '접수됨',
      mail_sent: '팀 메일 발송',
      released: '스팸 보관함에서 꺼냄',
      closed: '상담 종료',
      stage: (label: string) => `단계: ${label}`,
      owner: (email: string | null) => (email ? `담당자: ${email}` : '담당자 없음으로 변경'),
      note: '메모',
      prototype: '프로토타입 링크',
      reason: '종료 사유',
    },
    /** Who made a timeline entry: a member (their address), the founder (on the status page) or the server. */
    by: { founder: '신청자', system: '시스템' },
    stageHeading: '단계 바꾸기',
    prototypeUrl: '프로토타입 링크 (https://…)',
    closeReason: '종료 사유',
    save: '저장',
    saved: '저장했어요.',
    ownerHeading: '담당자',
    ownerNone: '담당자 없음 (팀 전체)',
    notesHeading: '메모 남기기',
    notesHint: (max: number) => `${max.toLocaleString('ko-KR')}자까지`,
    addNote: '메모 추가',
    actionsHeading: '처리',
    release: '스팸 보관함에서 꺼내 팀 메일로 보내기',
    closedAt: (at: string) => `종료: ${at} · 보관 기간은 이때부터 세요.`,
    erase: '이 아이디어 완전히 삭제',
    eraseTitle: '정말 삭제할까요?',
    eraseHelp: (reference: string) =>
      `신청자의 요청으로 삭제하면 아이디어, 음성 메모, 기록이 모두 지워지고 되돌릴 수 없어요. 확인을 위해 접수 번호 ${reference}를 입력해 주세요.`,
    /** In the erase dialog of a lead whose agreement was concluded (decision 160). */
    eraseKeepsContract: (years: number) =>
      `이 신청은 계약이 체결됐어요. 삭제해도 계약서와 양측의 서명, 세금계산서·현금영수증 발행 정보, 계약금 입금 기록은 전자상거래법에 따라 신청과 분리해 계약일로부터 ${years}년 동안 「보관 중인 계약 기록」에 보관한 뒤 파기돼요. 나머지는 지금 모두 지워져요.`,
    eraseLabel: '접수 번호',
    eraseConfirm: '삭제',
    cancel: '취소',
    erased: '삭제했어요. 팀 메일함에 남은 메일도 지워 주세요.',
    /** The page of a lead erased while it was open (the live update says who). */
    goneTitle: '삭제된 아이디어',
    erasedBy: {
      founder:
        '신청자가 진행 상황 페이지에서 이 신청을 삭제했어요. 아이디어, 연락처, 음성 메모와 기록은 서버에서 모두 지워졌어요. 체결된 계약이 있었다면 그 계약 기록만 법령에 따라 「보관 중인 계약 기록」에 따로 남아요. 팀 메일함에 남은 메일도 지워 주세요.',
      team: '팀에서 이 아이디어를 삭제했어요. 아이디어, 연락처, 음성 메모와 기록은 서버에서 모두 지워졌어요. 체결된 계약이 있었다면 그 계약 기록만 법령에 따라 「보관 중인 계약 기록」에 따로 남아요.',
    },
  },
  /** The CSV's 「24시간 약속」 column: the promise's state (domain/promise.ts) as of the export. */
  promise: {
    open: '진행 중 (24시간 안)',
    overdue: '진행 중 (24시간 넘김)',
    on_time: '24시간 안에 전달',
    late: '24시간 넘겨 전달',
    closed: '프로토타입 없이 종료',
    spam: '스팸 의심',
  },
  /** The CSV's columns from the workspace's own records (server/ideas/ideas-csv.ts). */
  csvColumns: { owner: '담당자', stageHistory: '단계 기록', notes: '메모', closeReason: '종료 사유' },
  export: {
    heading: 'CSV로 내보내기',
    /** The export honours the list's filter (folder, stage, overdue, search). */
    scope:
      '위 목록의 필터(보관함, 단계, 24시간 넘김, 검색)에 맞는 아이디어를 모두 담아요. 담당자, 단계 기록, 메모, 종료 사유도 함께 담겨요.',
    reason: '내려받는 이유 (기록에 남아요)',
    submit: 'CSV 내려받기',
  },
} as const;

/** Live updates (web/workspace/features/live/): the unread marker, the tab title's count, a new assignment, a lost stream. */
export const liveCopy = {
  unread: '새 소식',
  titleCount: (count: number) => `(${count > 99 ? '99+' : count})`,
  assigned: (reference: string) => `접수 번호 ${reference} 아이디어의 담당자로 지정되었어요.`,
  openLead: '열기',
  dismiss: '닫기',
  reconnecting: '실시간 연결이 끊겨 다시 연결하는 중이에요. 화면은 연결되면 바로 새로 고쳐져요.',
} as const;

/** The board (web/workspace/features/board/): the stages as columns, cards moved by drag or keyboard. */
export const boardCopy = {
  title: '보드',
  intro: '카드를 끌어 단계를 바꿔요. 키보드로는 카드에서 Space를 누르고 화살표로 옮긴 뒤 Space로 내려놓아요.',
  column: (label: string, count: number) => `${label} ${count}건`,
  /** The row of stages above the board: a tap scrolls to the stage's column. */
  jumpsLabel: '단계로 바로 가기',
  empty: '없음',
  more: (count: number) => `이 보드에는 ${count}건까지 보여요. 필터로 좁혀 주세요.`,
  /** `toLabel`: the stage with its direction particle (종료로, 미팅으로: domain/korean-particles.ts). */
  moveTitle: (name: string, toLabel: string) => `${name}님의 아이디어를 ${toLabel} 옮기기`,
  moved: (name: string, toLabel: string) => `${name}님의 아이디어를 ${toLabel} 옮겼어요.`,
  instructions:
    '카드를 옮기려면 Space나 Enter를 누르세요. 화살표 키로 다른 단계로 옮기고, Space나 Enter로 내려놓거나 Esc로 취소해요.',
  announcements: {
    start: (name: string) => `${name}님의 아이디어를 집었어요.`,
    over: (name: string, label: string) => `${name}님의 아이디어가 ${label} 위에 있어요.`,
    outside: (name: string) => `${name}님의 아이디어가 어떤 단계 위에도 없어요.`,
    end: (name: string, label: string) => `${name}님의 아이디어를 ${label}에 내려놓았어요.`,
    cancel: (name: string) => `${name}님의 아이디어 옮기기를 취소했어요.`,
  },
  cardMenu: (name: string) => `${name}님의 아이디어 옮기기`,
  roleDescription: '옮길 수 있는 카드',
  dialogTitle: (name: string) => `${name}님의 아이디어 단계 바꾸기`,
  cancel: '취소',
} as const;

/** The voice memo's player in the workspace (components/memo-player.tsx). */
export const memoPlayerCopy = {
  play: '재생',
  pause: '일시정지',
  position: '재생 위치',
  time: (at: string, total: string) => `${at} / ${total}`,
} as const;
