/**
 * The service agreement (용역 계약서, issue 50; decision 150): its template — the articles, filled with the accepted
 * quote's scope and price, the deposit and the schedule, and stored with the agreement when it is sent, so the
 * document signed is the one kept — the status page's words (합니다), the workspace's (해요), the PDF's and the mail's.
 */
export interface ContractTermValues {
  /** The accepted quote's version (its lines are the scope). */
  quoteVersion: number;
  /** The amounts as printed (formatWon: "1,650,000원"). */
  total: string;
  depositPercent: number;
  deposit: string;
  balance: string;
  schedule: string;
  depositDueDays: number;
}

/** The articles, each one line, as the agreement prints them. */
export function contractTerms(values: ContractTermValues): string[] {
  return [
    '제1조 (목적) 공급자는 수요자의 아이디어를 바탕으로 아래 범위의 소프트웨어 개발 용역을 제공하고, 수요자는 그 대금을 지급합니다.',
    `제2조 (범위) 용역의 범위는 수요자가 동의한 견적서 ${values.quoteVersion}차의 항목(아래 표)입니다. 범위 밖의 작업은 양측이 따로 합의해 정합니다.`,
    `제3조 (대금) 대금은 ${values.total}(부가세 포함)입니다. 수요자는 계약금(선금) ${values.depositPercent}%인 ${values.deposit}을 서명 후 ${values.depositDueDays}일 안에 공급자의 계좌로 보내고, 잔금 ${values.balance}은 최종 납품 후 ${values.depositDueDays}일 안에 지급합니다.`,
    `제4조 (일정) ${values.schedule}`,
    '제5조 (검수) 수요자는 납품을 받은 날부터 7일 안에 검수 의견을 알리며, 그 기간에 의견이 없으면 검수를 마친 것으로 봅니다.',
    '제6조 (권리) 대금을 모두 지급하면 결과물의 저작재산권은 수요자에게 넘어갑니다. 공급자가 전부터 가진 도구와 공개 소프트웨어는 각자의 조건을 따릅니다.',
    '제7조 (비밀 유지) 양측은 이 계약으로 알게 된 상대방의 정보를 계약의 목적 밖에서 쓰거나 남에게 알리지 않습니다.',
    '제8조 (해지) 한쪽이 의무를 지키지 않고 상대방의 요청 후 14일 안에 바로잡지 않으면 상대방은 계약을 해지할 수 있으며, 그때까지 한 작업의 대금은 정산합니다.',
    '제9조 (세금계산서) 공급자는 대금을 받을 때 수요자가 서명하며 적은 정보로 세금계산서 또는 현금영수증을 발행합니다.',
  ];
}

/** The agreement as the founder reads, signs and prints it (합니다). */
export const contractCopy = {
  title: '용역 계약서',
  heading: '계약서',
  supplier: '공급자',
  customer: '수요자',
  representative: '대표',
  businessNumber: '사업자등록번호',
  address: '주소',
  contact: '문의',
  reference: '접수 번호',
  issuedAt: '작성일',
  contractId: '계약서 ID',
  quote: (version: number) => `견적서 ${version}차`,
  scope: '범위와 대금',
  deposit: (percent: number) => `계약금 (선금 ${percent}%)`,
  balance: '잔금',
  schedule: '일정',
  terms: '계약 조항',
  lead: '동의하신 견적으로 팀이 계약서를 보냈습니다. 내용을 확인하시고 아래에서 서명해 주세요.',
  signHeading: '서명과 세금계산서 정보',
  signature: '성함 (서명)',
  signatureHint: '입력하신 성함이 계약서에 수요자의 서명으로 기록됩니다.',
  agree: '위 계약 내용에 동의합니다.',
  sign: '동의하고 서명하기',
  taxHeading: '세금계산서·현금영수증 발행 정보',
  taxHint: '대금을 받을 때 이 정보로 세금계산서 또는 현금영수증을 발행합니다.',
  kinds: { business: '사업자 (세금계산서)', individual: '개인 (현금영수증)' },
  fields: {
    businessNumber: '사업자등록번호',
    businessNumberHint: '숫자 10자리 (예: 123-45-67890)',
    company: '상호',
    representative: '대표자',
    businessType: '업태',
    businessItem: '종목',
    invoiceEmail: '세금계산서 받을 이메일',
    receiptNumber: '현금영수증 번호 (선택)',
    receiptNumberHint: '휴대폰 번호 또는 현금영수증 카드 번호. 비워 두셔도 됩니다.',
  },
  signed: (at: string, name: string) => `${name} 님이 ${at}에 서명하셨습니다.`,
  waitingTeam: '팀의 서명을 기다리고 있습니다. 서명이 끝나면 계약서 PDF를 메일로 보내드립니다.',
  concluded: (at: string) => `${at}에 양측 서명이 끝나 계약이 체결되었습니다.`,
  signedBlock: '서명 기록',
  signedName: '수요자 서명',
  signedAt: '서명 시각',
  countersignedAt: '공급자 서명 시각',
  fingerprint: '문서 지문 (SHA-256)',
  fingerprintHint:
    '계약서 ID, 접수 번호, 작성일, 견적서와 그 지문, 항목과 금액, 계약금, 일정, 조항, 서명한 성함과 발행 정보로 계산한 SHA-256 값입니다. 가지고 계신 계약서의 값과 같으면 같은 문서입니다.',
  fingerprintMatches: '저장된 계약서 내용이 이 지문과 일치합니다.',
  fingerprintDiffers: '저장된 계약서 내용이 서명할 때의 지문과 다릅니다. 팀에 알려 주세요.',
  taxGiven: '발행 정보',
  receiptNone: '현금영수증 번호 없음',
  pdf: '계약서 PDF 내려받기',
  /** 무통장 입금 (item 6): the agency's account, shown after signing. */
  depositHeading: '계약금 입금 안내',
  depositHint: (amount: string, days: number) =>
    `계약금 ${amount}을 서명 후 ${days}일 안에 아래 계좌로 보내 주세요. 입금하신 분의 이름이 신청하신 분과 다르면 메시지로 알려 주세요.`,
  bank: '은행',
  account: '계좌번호',
  holder: '예금주',
  depositReceived: (at: string) => `${at}에 계약금 입금을 확인했습니다.`,
  depositWaiting: '입금이 확인되면 이곳에 표시됩니다.',
  refusals: {
    signature: '서명하시는 분의 성함을 적어 주세요.',
    agree: '「위 계약 내용에 동의합니다」에 표시해 주세요.',
    kind: '사업자와 개인 중 하나를 골라 주세요.',
    businessNumber: '사업자등록번호를 다시 확인해 주세요. 숫자 10자리 중 마지막 자리(검증 번호)가 맞지 않습니다.',
    company: '상호를 적어 주세요.',
    representative: '대표자 성함을 적어 주세요.',
    businessType: '업태를 적어 주세요.',
    businessItem: '종목을 적어 주세요.',
    invoiceEmail: '세금계산서를 받을 이메일 주소를 확인해 주세요.',
    receiptNumber: '현금영수증 번호는 휴대폰 번호나 현금영수증 카드 번호(13~19자리)로 적어 주세요.',
    signed: '이미 서명하신 계약서입니다.',
    quoteChanged: '계약서의 바탕이 된 견적이 바뀌었거나 철회되어 서명하실 수 없습니다. 팀의 새 안내를 기다려 주세요.',
  },
} as const;

/** The agreement in the workspace (해요). */
export const contractTeamCopy = {
  heading: '계약서',
  compose: '계약서 보내기',
  composeHint:
    '신청자가 동의한 견적의 항목과 금액, 설정한 계약금 비율(CONTRACT_DEPOSIT_PERCENT)로 계약서를 만들어 보내요. 일정만 적어 주세요.',
  schedule: '일정',
  schedulePlaceholder: '예: 계약금 입금 다음 날 착수, 4주 뒤 첫 버전 전달, 6주 안에 최종 납품',
  send: '계약서 보내기',
  sent: '신청자의 서명을 기다리고 있어요',
  signed: (name: string, at: string) => `${name} 님이 ${at}에 서명했어요`,
  countersign: '공급자로 서명하기',
  countersignConfirm: '계약서에 팀의 서명을 더할까요? 계약이 체결되고 리드가 계약 단계로 옮겨져요.',
  concluded: (member: string, at: string) => `${member} 님이 ${at}에 서명해 계약이 체결됐어요`,
  taxBusiness: '사업자 (세금계산서)',
  taxIndividual: '개인 (현금영수증)',
  receiptNone: '현금영수증 번호 없음',
  deposit: (amount: string) => `계약금 ${amount}`,
  depositMark: '계약금 입금 확인',
  depositReceived: (at: string) => `${at}에 입금을 확인했어요`,
  pdf: '계약서 PDF',
  refused: '지금은 할 수 없는 일이에요. 화면을 새로 고쳐 계약서의 상태를 확인해 주세요.',
  invalid: '일정을 적어 주세요.',
} as const;

/** The lead's timeline entries (workspace: 해요; status page: 합니다). */
export const contractTimelineCopy = {
  workspace: {
    contract: '계약서를 보냈어요',
    contract_signed: '신청자가 계약서에 서명했어요',
    contract_concluded: '팀이 서명해 계약이 체결됐어요',
    deposit_received: '계약금 입금을 확인했어요',
  },
  status: {
    contract: '계약서 도착',
    contract_signed: '계약서 서명',
    contract_concluded: '계약 체결',
    deposit_received: '계약금 입금 확인',
  },
} as const;

/** The mail to the founder and to the team once both have signed, with the PDF attached. */
export const contractMailCopy = {
  /** The team's message that carries a new agreement to the founder (the thread and its mail). */
  sentBody:
    '동의하신 견적으로 용역 계약서를 보내드립니다. 진행 상황 페이지에서 내용을 확인하시고, 세금계산서 발행 정보와 함께 서명해 주세요. 계약서 PDF를 첨부해 드립니다.',
  founderBody:
    '양측 서명이 끝나 계약이 체결되었습니다. 서명된 계약서를 PDF로 첨부해 드립니다. 계약금 입금 안내는 진행 상황 페이지에서 확인하실 수 있습니다.',
  teamSubject: (reference: string) => `[계약 체결] 접수 번호 ${reference}`,
  teamTitle: '체결된 계약',
  teamText: (reference: string) =>
    `접수 번호 ${reference}: 양측 서명이 끝나 계약이 체결되었습니다. 서명된 계약서를 PDF로 첨부합니다.`,
  signedAlert: (reference: string) =>
    `접수 번호 ${reference}: 신청자가 계약서에 서명했습니다. 작업 공간에서 팀의 서명을 더해 주세요.`,
  signedSubject: (reference: string) => `[계약서 서명] 접수 번호 ${reference}`,
  signedTitle: '신청자가 서명한 계약서',
} as const;

/** The agreements in the founder's "my data" file (Korean keys, like content/thread.ts's download). */
export const contractDownloadCopy = {
  contracts: '계약서',
  id: '계약서 ID',
  createdAt: '작성 시각',
  quoteVersion: '견적서 차수',
  schedule: '일정',
  depositPercent: '계약금 비율(%)',
  terms: '조항',
  signedAt: '서명 시각',
  signedName: '서명한 이름',
  sha256: '문서 지문(SHA-256)',
  tax: '세금계산서·현금영수증 발행 정보',
  kind: '구분',
  kinds: { business: '사업자', individual: '개인' },
  businessNumber: '사업자등록번호',
  company: '상호',
  representative: '대표자',
  businessType: '업태',
  businessItem: '종목',
  invoiceEmail: '세금계산서 이메일',
  receiptNumber: '현금영수증 번호',
  countersignedAt: '공급자 서명 시각',
  depositReceivedAt: '계약금 입금 확인 시각',
} as const;

/** The CSV export's columns of a lead's signed agreement (server/ideas/ideas-csv.ts), in this order. */
export const contractCsvColumns = {
  signedAt: '계약서 서명 시각(KST)',
  kind: '발행 구분',
  businessNumber: '사업자등록번호',
  company: '상호',
  representative: '대표자',
  businessType: '업태',
  businessItem: '종목',
  invoiceEmail: '세금계산서 이메일',
  receiptNumber: '현금영수증 번호',
  depositReceivedAt: '계약금 입금 확인 시각(KST)',
} as const;
