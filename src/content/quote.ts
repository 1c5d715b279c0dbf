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
  confirm: '견적 확인',
  confirmHint: '견적 내용을 확인하셨다면 눌러 주세요. 팀에 바로 전달됩니다.',
  accepted: (at: string) => `${at}에 견적을 확인하셨습니다.`,
  expired: (validUntil: string) =>
    `이 견적은 ${validUntil}까지 유효했습니다. 새 견적이 필요하시면 아래 대화에 남겨 주세요.`,
} as const;
