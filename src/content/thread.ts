/**
 * The conversation with the founder (decision 101): the team's message templates (Korean, to the founder: 합니다),
 * the lead page's thread panel (the team's words: 해요), the status page's thread section and answer form, the
 * mail that carries a team message, the refusals of an answer, and the alert that tells the team an answer came.
 */
import { contractTimelineCopy } from './contract';
import { bookingStatusCopy } from './booking';

/** The team's starting points, edited before sending; each is what the founder reads. */
export const threadTemplates = [
  {
    id: 'question',
    label: '추가 질문',
    body: '안녕하세요, 24시간 MVP 팀입니다.\n프로토타입을 만들기 전에 몇 가지만 여쭙겠습니다.\n\n1. 주로 어떤 분들이 사용하시나요?\n2. 가장 먼저 보여야 하는 화면은 무엇인가요?\n3. 로그인은 어떤 방식이 좋을까요? (이메일, 카카오, 없음)',
  },
  {
    id: 'quote',
    label: '견적 안내',
    body: '안녕하세요, 24시간 MVP 팀입니다.\n말씀해 주신 내용으로 견적서를 준비했습니다. 진행 상황 페이지에서 항목과 금액을 확인하시고, 괜찮으시면 「견적 확인」을 눌러 주세요.',
  },
  {
    id: 'prototype',
    label: '프로토타입 전달',
    body: '안녕하세요, 24시간 MVP 팀입니다.\n요청하신 프로토타입이 준비되었습니다. 진행 상황 페이지의 링크에서 직접 눌러 보시고, 고치고 싶은 점을 편하게 남겨 주세요.',
  },
  {
    id: 'meeting',
    label: '미팅 제안',
    // Points at the booking on the status page (its section's heading), not at a reply with days and times; the
    // length is the team's setting (the section shows it), so the template names none.
    body: `안녕하세요, 24시간 MVP 팀입니다.\n프로토타입을 함께 보면서 다음 단계를 이야기하는 미팅을 제안드립니다. 진행 상황 페이지의 「${bookingStatusCopy.heading}」에서 팀이 미팅을 받는 시간 중 편하신 시간을 골라 바로 예약해 주세요. 모든 시각은 한국 시간입니다.`,
  },
] as const;

/** The lead page's panel (the team's workspace: 해요). */
export const threadPanelCopy = {
  heading: '신청자와의 대화',
  empty: '아직 주고받은 메시지가 없어요. 아래 템플릿으로 시작해 보세요.',
  team: (email: string | null) => (email ? `팀 · ${email}` : '팀'),
  founder: '신청자',
  memo: '음성 메모',
  templates: '템플릿',
  replaceAsk: (label: string) => `작성 중인 메시지가 있어요. 「${label}」 템플릿으로 바꿀까요?`,
  replace: '템플릿으로 바꾸기',
  keep: '작성 중인 내용 두기',
  message: '보낼 메시지',
  send: '메시지 보내기',
  sending: '보내는 중…',
  sent: '메시지를 저장했고 신청자에게 메일로 보내요.',
  hint: '메일에는 이 메시지와 진행 상황 링크만 담겨요. 신청자는 진행 상황 페이지에서 답할 수 있어요.',
  quoteAttached: '견적서',
  unread: '새 답변',
  /** The mailbox reader's notes (decision 127): team only, never on the status page. */
  bouncedBadge: '메일 반송',
  bounced: (at: string) =>
    `${at}에 신청자 주소로 보낸 메일이 반송되었어요. 표시를 지울 때까지 이 주소로는 메일을 보내지 않아요(카카오톡 알림을 받기로 한 신청자에게는 알림톡이 계속 가요). 주소가 맞는지 확인하고 다른 연락 방법을 찾아 주세요.`,
  clearBounce: '반송 표시 지우기',
  clearBounceConfirm: '주소를 확인했나요? 표시를 지우면 이 주소로 다시 메일을 보내요.',
  aside: '신청자 주소가 아닌 곳에서 온 답장',
  asideHint: '대화에 넣지 않았고 신청자에게도 보이지 않아요. 보낸 사람을 확인해 주세요.',
  asideFrom: (sender: string, at: string) => `${sender} · ${at}`,
} as const;

/** The status page's thread section and answer form (to the founder: 합니다). */
export const threadStatusCopy = {
  heading: '팀과의 대화',
  lead: '팀이 보낸 메시지에 이 페이지에서 바로 답할 수 있습니다. 메일로 회신하시는 것보다 빠릅니다.',
  empty: '아직 메시지가 없습니다. 궁금한 점이 있으면 아래에 남겨 주세요.',
  team: '24시간 MVP 팀',
  founder: '보내신 답변',
  memo: '음성 메모',
  answer: {
    heading: '답변 남기기',
    body: '답변',
    bodyHint: (max: number) => `${max.toLocaleString('ko-KR')}자까지 쓸 수 있습니다.`,
    memo: '음성 메모 (선택)',
    memoHint: (megabytes: number) =>
      `휴대폰에서는 녹음을 바로 시작할 수 있습니다. 소리 파일만, ${megabytes}MB까지 보낼 수 있습니다.`,
    submit: '답변 보내기',
    sent: '답변을 보냈습니다. 팀이 확인하고 이곳과 메일로 답을 드리겠습니다.',
  },
} as const;

/** What the answer form says when it refuses (the status page shows it at the form, with the text kept). */
export const answerErrors = {
  empty: '답변 내용을 입력하거나 음성 메모를 첨부해 주세요.',
  tooLong: (max: number) => `답변은 ${max.toLocaleString('ko-KR')}자까지 보낼 수 있습니다. 조금 줄여 주세요.`,
  invalidText: '입력할 수 없는 문자가 들어 있습니다. 내용을 다시 확인해 주세요.',
  memoTooLarge: (megabytes: number) => `음성 메모는 ${megabytes}MB까지 보낼 수 있습니다.`,
  notAudio: '음성 메모는 소리 파일(WebM, MP4, Ogg)만 보낼 수 있습니다.',
  memoIncomplete: '음성 메모가 끝까지 전송되지 않았습니다. 다시 시도해 주세요.',
  rateLimited: (perHour: number) => `한 시간에 답변은 ${perHour}번까지 보낼 수 있습니다. 잠시 후 다시 보내 주세요.`,
} as const;

/** The mail that carries a team message to the founder: only the team's words, the status link and how to answer. */
export const threadMailCopy = {
  subject: (reference: string) => `[24시간 MVP] 팀이 메시지를 보냈습니다 (접수 번호 ${reference})`,
  title: '팀의 메시지',
  intro: '24시간 MVP 팀이 신청하신 아이디어에 대해 메시지를 보냈습니다.',
  quote: (total: string, validUntil: string) => `견적서: 합계 ${total} (부가세 포함), ${validUntil}까지 유효`,
  answerHint: '아래 링크의 진행 상황 페이지에서 바로 답변을 남겨 주세요.',
  status: '진행 상황 페이지에서 답하기',
  reference: '접수 번호',
  /** Under the message: the founder asked for this conversation, so no "ignore this if you did not send it". */
  footer: '이 메일에 회신하셔도 팀에 전달됩니다. 진행 상황 링크는 본인만 알 수 있도록 다른 사람과 공유하지 마세요.',
} as const;

/** The lead's timeline entries this adds (workspace: 해요) and the status page's (합니다). */
export const threadTimelineCopy = {
  workspace: {
    message: '신청자에게 메시지를 보냈어요',
    answer: '신청자가 답했어요',
    quote: '견적서를 보냈어요',
    quote_accepted: '신청자가 견적에 동의했어요',
    quote_withdrawn: '견적서를 철회했어요',
    ...contractTimelineCopy.workspace,
  },
  status: {
    quote: '견적서 도착',
    quote_accepted: '견적 동의',
    quote_withdrawn: '견적서 철회',
    ...contractTimelineCopy.status,
  },
} as const;

/** The thread in the founder's "my data" file (Korean keys, like content/status-page.ts's download). */
export const threadDownloadCopy = {
  messages: '대화',
  side: '보낸 쪽',
  sides: { team: '24시간 MVP 팀', founder: '신청자' },
  at: '시각',
  body: '내용',
  memo: '음성 메모',
  memoSeconds: '길이(초)',
  memoSize: '크기(바이트)',
  memoType: '형식',
  quote: '견적서',
  items: '항목',
  description: '항목명',
  quantity: '수량',
  unitPrice: '단가(원)',
  amount: '금액(원)',
  supply: '공급가액(원)',
  vat: '부가세(원)',
  total: '합계(원)',
  validUntil: '유효 기한',
  notes: '비고',
  version: '차수',
  acceptedAt: '견적 동의 시각',
  acceptedName: '동의한 이름',
  acceptedSha256: '문서 지문(SHA-256)',
  supersededAt: '새 견적으로 바뀐 시각',
  withdrawnAt: '철회 시각',
} as const;
