/**
 * The quote (견적서, decision 102): the lead page's form (해요), and the quote as the founder sees it on the status
 * page and prints it (합니다). The operator's name and contact come from the build settings, not from here.
 */
export const quoteFormCopy = {
  heading: '견적서 작성',
  description: '항목',
  quantity: '수량',
  unitPrice: '단가 (원)',
  amount: '금액',
  addItem: '항목 추가',
  removeItem: (index: number) => `${index}번째 항목 삭제`,
  validUntil: '유효 기한',
  notes: '비고',
  message: '함께 보낼 메시지',
  send: '견적서 보내기',
  sent: '견적서를 스레드에 올리고 신청자에게 메일로 보내요.',
  invalid: '항목명, 수량(1 이상), 단가(0 이상의 정수)와 유효 기한(오늘 이후)을 확인해 주세요.',
  /** The form starts from the lead's last quote (issue 50). */
  copiedFrom: (version: number) => `${version}차 견적을 복사해 왔어요. 바꿀 부분만 고쳐서 보내면 새 차수로 올라가요.`,
  version: (version: number) => `견적서 ${version}차`,
  print: '인쇄용 견적서',
  pdf: 'PDF',
  withdraw: '견적 철회',
  withdrawConfirm: '이 견적을 철회할까요? 신청자는 더 이상 동의할 수 없고, 철회된 견적으로 표시돼요.',
  withdrawn: '철회됨',
  superseded: '이전 견적',
  expired: '기한 지남',
  accepted: (name: string | null, at: string) => (name ? `${name} 님이 ${at}에 동의했어요` : `${at}에 동의했어요`),
  intact: '저장된 견적이 동의한 내용과 같아요',
  differs: '저장된 견적이 동의한 내용과 달라요: 확인이 필요해요',
  open: '동의 대기 중',
  fingerprint: 'SHA-256',
  withdrawRefused: '이미 동의했거나 바뀐 견적은 철회할 수 없어요. 새 견적을 보내 주세요.',
  /** Another member sent a quote after this form started from the one before (issue 50): nothing was sent. */
  stale: '이 양식을 연 뒤에 다른 분이 새 견적을 보냈어요. 보내지 않았어요: 최신 견적을 확인하고 다시 시작해 주세요.',
  newer: (version: number) =>
    `이 양식을 연 뒤에 ${version}차 견적이 올라왔어요. 이대로 보내면 그 견적을 모르고 덮어쓰게 돼요.`,
  restart: (version: number) => `${version}차에서 다시 시작`,
} as const;

export const quoteCopy = {
  title: '견적서',
  number: '견적 번호',
  issuedAt: '발행일',
  validUntil: '유효 기한',
  reference: '접수 번호',
  supplier: '공급자',
  representative: '대표',
  contact: '문의',
  columns: { description: '항목', quantity: '수량', unitPrice: '단가', amount: '금액' },
  supply: '공급가액',
  vat: (percent: number) => `부가세 (${percent}%)`,
  total: '합계',
  notes: '비고',
  currencyNote: '금액은 원 단위이며, 합계는 부가세를 포함합니다.',
  print: '인쇄용 견적서 보기',
  printHint: '브라우저의 인쇄 메뉴(Ctrl+P, ⌘P)에서 A4 용지로 인쇄하거나 PDF로 저장할 수 있습니다.',
  back: '진행 상황으로 돌아가기',
  /** The version's label: the first quote is 1차, a changed one 2차, … */
  version: (version: number) => `${version}차`,
  recipient: '수신',
  pdf: 'PDF로 내려받기',
  inKoreanTime: (at: string) => `${at} (한국 시간)`,
  recipientName: (name: string) => `${name} 님`,
  confirm: '동의하고 견적 확정하기',
  confirmHint: '견적 내용에 동의하시면 성함을 적고 아래 확인란에 표시해 주세요. 팀에 바로 전달됩니다.',
  signature: '성함 (서명)',
  signatureHint: '입력하신 성함이 동의한 분의 서명으로 견적서에 기록됩니다.',
  agree: '위 견적 내용에 동의합니다.',
  /** Who accepted, and when; a quote accepted before names were asked for (issue 50) has no name. */
  accepted: (at: string, name: string | null) =>
    name ? `${name} 님이 ${at}에 이 견적에 동의하셨습니다.` : `${at}에 이 견적에 동의하셨습니다.`,
  quoteId: '견적 ID',
  acceptedBlock: '동의 기록',
  acceptedAt: '동의 시각',
  acceptedName: '동의한 분',
  fingerprint: '문서 지문 (SHA-256)',
  fingerprintHint:
    '견적 ID, 접수 번호, 차수, 발행일, 유효 기한, 항목과 금액, 비고로 계산한 SHA-256 값입니다. 가지고 계신 견적서의 값과 같으면 같은 문서입니다.',
  fingerprintMatches: '저장된 견적 내용이 이 지문과 일치합니다.',
  fingerprintDiffers: '저장된 견적 내용이 동의할 때의 지문과 다릅니다. 팀에 알려 주세요.',
  expired: (validUntil: string) => `이 견적은 ${validUntil}까지 유효했습니다.`,
  askNew: '새 견적 요청하기',
  /** The answer the 「새 견적 요청하기」 button posts in the thread. */
  askNewMessage: (version: number) => `견적서 ${version}차의 유효 기한이 지났습니다. 새 견적을 부탁드립니다.`,
  superseded: '이전 견적',
  supersededNote: (version: number) =>
    `새 견적서(${version}차)로 바뀌었습니다. 아래는 기록으로 남겨 둔 이전 내용입니다.`,
  withdrawn: '철회된 견적',
  withdrawnNote: '팀이 이 견적을 철회했습니다. 기록으로만 남겨 둡니다.',
  earlier: (count: number) => `이전 견적 ${count}건 보기`,
  /** Why the acceptance was refused (the status page, at the quote). */
  refusals: {
    signature: '동의하시는 분의 성함을 적어 주세요.',
    agree: '「위 견적 내용에 동의합니다」에 표시해 주세요.',
    expired: '유효 기한이 지나 이 견적에는 동의하실 수 없습니다. 새 견적을 요청해 주세요.',
    superseded: '이 견적은 새 견적으로 바뀌었습니다. 최신 견적을 확인해 주세요.',
    withdrawn: '팀이 철회한 견적이라 동의하실 수 없습니다.',
  },
} as const;
