/**
 * The workspace's 「보관 중인 계약 기록」 screen (decision 160): the concluded agreements whose leads were erased, kept
 * apart for the years the law requires (team only: 해요; kept out of the public font, build/pretendard-subsets.ts).
 */
export const contractRecordsCopy = {
  nav: '계약 기록',
  title: '보관 중인 계약 기록',
  lead: (years: number) =>
    `삭제된 신청 가운데 계약이 체결된 건의 계약 기록이에요. 전자상거래법에 따라 신청과 분리해 계약일로부터 ${years}년 동안 보관하고, 그 뒤에는 자동으로 파기돼요. 분쟁 대응이나 세무처럼 법령이 정한 목적으로만 열어 주세요. 목록을 보거나 계약서를 내려받을 때마다 접속 기록에 남아요.`,
  empty: '보관 중인 계약 기록이 없어요.',
  columns: {
    concludedAt: '계약일',
    party: '상호 또는 성함',
    reference: '접수 번호',
    total: '계약 금액',
    purgeAfter: '파기 예정일',
    pdf: '계약서',
  },
  pdf: 'PDF 내려받기',
  broken: '저장된 내용이 서명 당시와 달라요',
} as const;
