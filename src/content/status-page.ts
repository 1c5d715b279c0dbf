/**
 * The founder's status page (/status/<token>, decision 084) and its companions: the deletion's confirmation, the
 * page after it, the page for a link that finds nothing, and the keys of the "my data" download. Plain data; the
 * server renders it (src/server/founder/status-page-html.ts). Times arrive formatted in KST.
 */
import type { KakaoTemplateKey } from './kakao-templates';

export const statusPageCopy = {
  title: '아이디어 진행 상황',
  lead: '보내주신 아이디어가 지금 어디까지 왔는지 보여 드립니다. 이 페이지의 주소는 본인만 알고 있어야 하니 다른 사람과 공유하지 마세요.',
  receipt: {
    heading: '접수 정보',
    reference: '접수 번호',
    receivedAt: '접수 시각',
    promisedBy: '프로토타입 약속 시각',
    /** The count-down's label; the script fills in the time left. */
    remaining: '남은 시간',
    /** Shown before the script runs (or without it) and when the time has passed. */
    remainingStatic: (promised: string) => `${promised}까지 전달해 드립니다.`,
    overdue: '약속 시각이 지났습니다. 팀이 확인하고 곧 연락드립니다.',
    /** The team closed the request without a prototype: no count-down. */
    closed: '상담이 종료되어 시간 약속이 더 이상 진행되지 않습니다. 궁금한 점은 팀 메일로 답장해 주세요.',
    /** The script's units. */
    units: { hours: '시간', minutes: '분', seconds: '초' },
  },
  prototype: {
    heading: '프로토타입이 준비되었습니다',
    open: '프로토타입 열기',
    deliveredAt: (at: string) => `${at}에 전달되었습니다.`,
  },
  timeline: {
    heading: '진행 기록',
    received: '접수',
  },
  sent: {
    heading: '보내신 내용',
    idea: '아이디어',
    memo: '음성 메모',
    memoOnly: '(글 없이 음성 메모로 보내셨습니다)',
    name: '이름',
    email: '이메일',
    phone: '연락처',
    noPhone: '(없음)',
  },
  data: {
    heading: '내 데이터',
    lead: '보관 중인 내용을 파일로 내려받거나, 신청을 삭제할 수 있습니다. 삭제하면 아이디어, 음성 메모, 메일 기록이 모두 지워지고 되돌릴 수 없습니다.',
    download: '내 데이터 내려받기',
    delete: '신청 삭제하기',
  },
  /** The founder asked for KakaoTalk updates on the form (issue 49): what they get, and how to stop them. */
  kakao: {
    heading: '카카오톡 알림',
    lead: '접수 확인, 팀의 메시지와 견적, 미팅 안내, 프로토타입 전달 소식을 입력하신 휴대폰 번호로 카카오톡 알림톡(받을 수 없으면 문자)으로 보내 드리고 있습니다. 메일은 그대로 발송됩니다.',
    stop: '카카오톡 알림 그만 받기',
  },
  kst: '한국 시간',
  home: '홈으로 가기',
  confirmDelete: {
    title: '신청을 삭제할까요?',
    lead: '삭제하면 보내신 아이디어, 음성 메모, 연락처와 진행 기록이 모두 지워집니다. 팀도 더 이상 볼 수 없고, 되돌릴 수 없습니다. 필요하면 먼저 내 데이터를 내려받아 두세요.',
    /** Shown when an agreement on the request was concluded (decision 160): what is kept apart, and for how long. */
    contractKept: (years: number) =>
      `맺으신 계약의 기록(계약서와 양측의 서명, 세금계산서·현금영수증 발행 정보, 계약금 입금 기록)은 「전자상거래 등에서의 소비자보호에 관한 법률」에 따라 다른 정보와 분리해 계약을 맺은 날로부터 ${years}년 동안 보관한 뒤 파기합니다. 이 기록은 법령이 정한 목적 외에는 쓰지 않습니다. 그 밖의 정보는 지금 모두 지웁니다.`,
    confirm: '네, 삭제합니다',
    cancel: '취소하고 돌아가기',
  },
  deleted: {
    title: '신청을 삭제했습니다',
    lead: '보내신 아이디어와 관련 기록을 모두 지웠습니다. 이 링크는 이제 열리지 않습니다. 팀의 메일함에 이미 도착한 알림 메일도 지우도록 팀에 전달됩니다.',
    /** After the erasure of a request with a concluded agreement (decision 160). */
    contractKept: (years: number) =>
      `맺으신 계약의 기록만 법령에 따라 다른 정보와 분리해 계약을 맺은 날로부터 ${years}년 동안 보관한 뒤 파기합니다.`,
  },
  notFound: {
    title: '신청을 찾을 수 없습니다',
    lead: '링크가 잘못되었거나, 이미 삭제된 신청입니다. 메일로 받은 링크를 그대로 열었는지 확인해 주세요.',
  },
  /** The "my data" download: a JSON file with Korean keys. */
  download: {
    fileName: (idShort: string) => `내-데이터-${idShort}.json`,
    keys: {
      reference: '접수 번호',
      receivedAt: '접수 시각',
      promisedBy: '프로토타입 약속 시각',
      idea: '아이디어',
      name: '이름',
      email: '이메일',
      phone: '연락처',
      memo: '음성 메모',
      memoDuration: '길이(초)',
      memoSize: '크기(바이트)',
      memoType: '형식',
      stage: '현재 단계',
      timeline: '진행 기록',
      timelineStage: '단계',
      timelineAt: '시각',
      prototypeUrl: '프로토타입 링크',
      consent: '개인정보 처리방침 동의',
      consentVersion: '버전',
      consentedAt: '동의 시각',
      source: '유입 경로',
      note: '안내',
    },
    note: '24시간 MVP 스튜디오가 이 신청에 대해 보관 중인 내용입니다. 시각은 한국 시간입니다. 음성 메모 파일은 진행 상황 페이지에서 들을 수 있습니다.',
    unknownConsent: '기록 없음',
    /** The KakaoTalk updates (issue 49): the choice, the number they go to, and what was sent (kinds and times). */
    kakao: {
      key: '카카오톡 알림',
      chosen: '받기',
      yes: '예',
      no: '아니요',
      number: '받는 휴대폰 번호',
      sent: '보낸 알림',
      kind: '종류',
      sentAt: '보낸 시각',
      kinds: {
        receipt: '접수 확인',
        message: '팀의 새 메시지',
        quote: '견적서 도착',
        meeting_invitation: '미팅 안내',
        meeting_changed: '미팅 변경',
        meeting_cancelled: '미팅 취소',
        meeting_day_before: '미팅 하루 전 알림',
        meeting_hour_before: '미팅 한 시간 전 알림',
        prototype_delivered: '프로토타입 전달',
      } satisfies Record<KakaoTemplateKey, string>,
    },
  },
} as const;
