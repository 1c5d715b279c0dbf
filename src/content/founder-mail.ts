/**
 * The wording of the mails the founder receives (decision 084): the confirmation when their idea is accepted, the
 * note when the prototype is ready and the team's meeting offer (decision 104). Neither carries anything the visitor typed (not the idea, not the
 * name): the form must not become a way to mail someone chosen words. The server (src/server/mail/founder-mail.ts)
 * fills in the reference, the times (KST, already formatted) and the status link.
 */

export const founderMailCopy = {
  confirmation: {
    subject: '[24시간 MVP] 아이디어가 접수되었습니다',
    title: '아이디어 접수 확인',
    intro: '보내주신 아이디어가 접수되었습니다. 약속한 시각까지 동작하는 프로토타입을 만들어 전달해 드리겠습니다.',
    statusHint: '아래 링크에서 진행 상황을 확인하고, 보내신 내용을 내려받거나 신청을 삭제할 수 있습니다.',
  },
  ready: {
    subject: '[24시간 MVP] 프로토타입이 준비되었습니다',
    title: '프로토타입 전달',
    intro: '요청하신 아이디어의 프로토타입이 준비되었습니다. 아래 링크에서 바로 확인해 보세요.',
    statusHint: '진행 상황 페이지에서 프로토타입 링크와 지금까지의 진행 기록을 볼 수 있습니다.',
  },
  /** The team proposed a meeting from the lead page (its link opens the status page at the booking). */
  meetingOffer: {
    subject: '[24시간 MVP] 팀이 미팅을 제안했습니다',
    title: '미팅 제안',
    intro: '24시간 MVP 팀이 신청하신 아이디어에 대해 함께 이야기 나눌 미팅을 제안했습니다.',
    statusHint:
      '아래 링크의 진행 상황 페이지에서 팀이 미팅을 받는 시간 중 편하신 시간을 골라 바로 예약하실 수 있습니다. 모든 시각은 한국 시간입니다.',
    statusLabel: '미팅 시간 고르기',
  },
  labels: {
    reference: '접수 번호',
    receivedAt: '접수 시각',
    promisedBy: '프로토타입 약속 시각',
    status: '진행 상황 보기',
    prototype: '프로토타입',
    openPrototype: '프로토타입 열기',
  },
  /** The Reply-To's name: a founder's reply goes to the team. */
  replyToName: '24시간 MVP 팀',
  /** A time as the mails write it. */
  kst: (formatted: string) => `${formatted} (한국 시간)`,
  /** Under both mails. */
  footer:
    '궁금한 점은 진행 상황 페이지에서 팀에 바로 남기시는 것이 가장 빠르며, 이 메일에 회신하셔도 팀에 전달됩니다. 이 메일은 24시간 MVP 스튜디오의 신청서에서 이 주소로 아이디어를 보내셨기 때문에 발송되었습니다. 직접 보내신 적이 없다면 이 메일을 무시하셔도 됩니다. 링크는 본인만 알 수 있도록 다른 사람과 공유하지 마세요.',
} as const;
