/**
 * The workspace's 「확인할 메일」 screen (decision 142): replies by mail that name no lead, for the team to attach to a
 * lead's thread or dismiss (team only: 해요; kept out of the public font, build/pretendard-subsets.ts).
 */
export const mailboxReviewCopy = {
  nav: '확인할 메일',
  title: '확인할 메일',
  lead: (days: number) =>
    `어느 신청의 답장인지 알 수 없는 메일이에요. 보낸 사람과 내용을 보고 접수 번호를 넣어 그 신청의 대화에 넣거나 무시해 주세요. 원본은 팀 메일함의 처리 폴더로 옮겼고, ${days}일이 지나면 원본과 함께 지워져요.`,
  empty: '확인할 메일이 없어요.',
  from: (sender: string, at: string) => `${sender} · ${at}`,
  noSubject: '(제목 없음)',
  reference: '접수 번호',
  referenceHint: '신청의 접수 번호 8자리',
  attach: '대화에 넣기',
  attached: '신청의 대화에 신청자의 답변으로 넣었어요.',
  dismiss: '무시하기',
  dismissConfirm: '이 메일을 무시할까요? 목록에서 사라지고 내용은 지워져요.',
  dismissed: '무시했어요.',
  errors: {
    reference: '접수 번호 8자리(숫자와 a–f)를 넣어 주세요.',
    noLead: '그 접수 번호의 신청이 없어요. 번호를 확인해 주세요.',
    ambiguous: '같은 번호로 시작하는 신청이 여럿이에요. 신청 화면에서 번호를 확인해 주세요.',
    gone: '이미 다른 팀원이 처리했거나 보관 기간이 지나 지워진 메일이에요.',
  },
} as const;
