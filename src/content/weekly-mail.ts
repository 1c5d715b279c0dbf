/**
 * The week's figures by mail (decision 136), to owners and the members who asked for it: last week beside the week
 * before. Team-only copy, 합니다체 as the team's other mails.
 */
export const weeklyMailCopy = {
  subject: (ideas: number, contracted: number) => `[24시간 MVP] 지난주 현황: 아이디어 ${ideas}건, 계약 ${contracted}건`,
  title: '지난주 현황',
  intro: (from: string, to: string) =>
    `지난주(${from} ~ ${to}) 받은 아이디어가 지금까지 어디까지 갔는지 알려 드립니다. 괄호 안은 그 전 주입니다.`,
  rows: {
    ideas: '받은 아이디어',
    onTime: '24시간 안에 전달한 비율',
    delivered: '프로토타입 전달',
    meeting: '미팅',
    contracted: '계약',
    best: '가장 좋은 유입 경로',
    overdue: '지금 24시간을 넘긴 아이디어',
  },
  count: (n: number) => `${n.toLocaleString('ko-KR')}건`,
  rate: (ratio: number | null) => (ratio === null ? '—' : `${Math.round(ratio * 100)}%`),
  best: (channel: string, ideas: number, contracted: number) =>
    `${channel} (아이디어 ${ideas}건, 계약 ${contracted}건)`,
  noBest: '없음',
  links: { figures: '현황 보기', inbox: '받은 아이디어 보기' },
  /** Why the member gets it, and how to stop. */
  footer: '이 메일은 팀 소유자와 현황 화면에서 주간 메일을 켠 멤버에게 보냅니다. 멤버는 현황 화면에서 끌 수 있습니다.',
  /** The 현황 screen's opt-in (해요체 as the workspace). */
  optIn: '매주 현황 메일 받기',
  optInOwner: '소유자는 매주 현황 메일을 받아요.',
} as const;
