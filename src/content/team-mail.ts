/**
 * The wording of the mails the team receives: one idea's notification, the digest and the spam-folder count. The
 * server (src/server/mail/) fills in the values, escapes them and builds the MIME message; a copy change is made here.
 * Values arrive already formatted (times in KST, the memo's length as m:ss).
 */

/** The team mail's subject tag, `[아이디어 접수 1a2b3c4d]`: what the mailbox is searched by (erasure alerts say it). */
const subjectTag = (reference: string) => `[아이디어 접수 ${reference}]`;

export const teamMailCopy = {
  subjectTag,
  /** `[아이디어 접수 1a2b3c4d] 홍길동님: 동네 빵집의 남은 빵을…`: the reference, so the mailbox finds it by it. */
  subject: (reference: string, name: string, summary: string) => `${subjectTag(reference)} ${name}님: ${summary}`,
  /** The subject's summary when the idea came as a voice memo only. */
  memoSummary: (duration: string) => `음성 메모 ${duration}`,
  title: '새 아이디어 접수',
  intro: '새 아이디어가 접수되었습니다. 24시간 안에 프로토타입을 전달해주세요.',
  labels: {
    name: '이름',
    email: '이메일',
    phone: '연락처',
    receivedAt: '접수 시각',
    promisedBy: '프로토타입 약속 시각',
    id: '접수 번호',
    memo: '음성 메모',
    lead: '작업 공간에서 열기',
    source: '유입 경로',
  },
  /** A time as the mails write it. */
  kst: (formatted: string) => `${formatted} (KST)`,
  noPhone: '(없음)',
  ideaHeading: '아이디어',
  memoOnly: '(글 없이 음성 메모로 보냈습니다. 첨부 파일을 들어주세요.)',
  replyHint: '이 메일에 회신하면 신청자에게 바로 답장됩니다.',
  /** The line for an idea that came without the page's script. */
  withoutScript: '이 신청은 JavaScript 없이 기본 양식으로 보내졌습니다 (작성 시간 확인은 적용되지 않았습니다).',
  /** The memo's file name: `음성메모-<first 8 of the id>.<ext>`. */
  memoFileName: (idShort: string, extension: string) => `음성메모-${idShort}.${extension}`,
  /** "0:03 (첨부 파일 음성메모-1234abcd.webm, 48 KB)" */
  memoAttached: (duration: string, fileName: string, size: string) => `${duration} (첨부 파일 ${fileName}, ${size})`,
  /** A memo a digest only mentions: how to save it. */
  memoToSave: (duration: string, size: string, id: string) =>
    `${duration} (${size}; npm run ideas -- show ${id} --save-memo <파일>로 저장)`,
} as const;

export const digestMailCopy = {
  title: '아이디어 묶음',
  subject: (count: number, firstName: string, sentAt: string) =>
    `[아이디어 묶음] ${count}건: ${firstName}님 외 (${sentAt})`,
  intro: (count: number) =>
    `아이디어가 한꺼번에 많이 들어와 ${count}건을 한 통으로 묶어 보냅니다. 각 건은 npm run ideas -- show <접수 번호> 로 전체를 볼 수 있습니다.`,
  contactLine: (name: string, email: string, phone: string) => `이름: ${name} / 이메일: ${email} / 연락처: ${phone}`,
  memoPart: (memo: string) => ` / 음성 메모: ${memo}`,
} as const;

export const spamReportCopy = {
  title: '스팸 보관함',
  subject: (count: number) => `[스팸 보관함] 아이디어 ${count}건을 따로 보관했습니다`,
  intro: (count: number) => `지난 하루 동안 아이디어 ${count}건을 스팸 의심으로 따로 보관했습니다.`,
  howTo:
    '사람이 보낸 것이 섞여 있는지 npm run ideas -- list --spam 으로 확인하고, 진짜 신청이면 npm run ideas -- release <접수 번호> 로 받아보세요.',
} as const;

/** The team's chat alerts when mail is not going out (ids, counts, ages and reply codes only). */
export const alertCopy = {
  prefix: '[24시간 MVP 알림]',
  /** Appended to every chat alert about a lead: who owns it and where it opens. */
  owner: (email: string | null) => (email ? `담당: ${email}` : '담당: 없음 (팀 전체)'),
  open: (link: string) => `열기: ${link}`,
  erasedIdea: '(삭제된 아이디어)',
  expired: '재시도 기간 동안 보내지 못해 실패로 처리했습니다',
  refused: (code: string | number | null | undefined) =>
    `메일 서버가 거부했습니다${code ? ` (응답 코드 ${code})` : ''}`,
  mailFailed: (id: string, why: string) =>
    `접수 번호 ${id}의 팀 메일을 ${why}. 메일 설정을 확인한 뒤 \`npm run ideas -- retry ${id}\`로 다시 보내주세요.`,
  mailBacklog: (unsent: number, overdue: number, oldestMinutes: number, id: string) =>
    `팀 메일이 나가지 않고 있습니다. 아직 보내지 못한 아이디어 ${unsent}건 (늦어진 것 ${overdue}건), ` +
    `가장 오래된 것은 ${oldestMinutes}분 전에 접수되었습니다 (접수 번호 ${id}). ` +
    `24시간 약속을 지킬 수 있도록 메일 서버와 \`npm run ideas -- list\`를 확인해주세요.`,
  /** A push notification a push service refused for good, or could not take within PUSH_TTL_HOURS (decision 130). */
  pushFailed: (reference: string | null, code: number | null | undefined) =>
    (reference === null
      ? '주간 요약 기기 알림을 보내지 못했습니다'
      : `접수 번호 ${reference}의 기기 알림을 보내지 못했습니다`) +
    (code ? ` (알림 서비스 응답 코드 ${code})` : ' (재시도 기간 동안 알림 서비스에 연결하지 못했습니다)') +
    '. 알림 설정(PUSH_VAPID_PUBLIC_KEY, PUSH_SUBJECT)과 서버의 인터넷 연결을 확인해주세요.',
  /** A KakaoTalk message to the founder the provider refused, or could not take in time (issue 49). */
  kakaoFailed: (reference: string, code: string | undefined) =>
    `접수 번호 ${reference}의 카카오톡 알림을 보내지 못했습니다${code ? ` (응답 코드 ${code})` : ''}. ` +
    '신청자에게는 같은 내용이 메일로 발송됩니다. SOLAPI 설정(KAKAO_TEMPLATE_IDS)과 템플릿 승인 상태를 확인해주세요.',
} as const;

/** The 24-hour clock's alerts (jobs/lead-clock.ts): the lead's reference and hours only, never what a visitor wrote. */
export const leadAlertCopy = {
  dueSoon: (reference: string, hours: number) =>
    `접수 번호 ${reference}: 접수 후 ${hours}시간이 지났는데 아직 프로토타입을 전달하지 않았습니다. 24시간 약속까지 ${24 - hours}시간 남았습니다.`,
  overdue: (reference: string, hours: number) =>
    `접수 번호 ${reference}: 접수 후 ${hours}시간이 지났습니다. 24시간 약속을 넘겼으니 바로 확인해주세요.`,
  mailSubject: (reference: string, overdue: boolean) =>
    overdue ? `[24시간 초과] 접수 번호 ${reference}` : `[24시간 임박] 접수 번호 ${reference}`,
  mailTitle: (overdue: boolean) => (overdue ? '24시간 약속을 넘긴 아이디어' : '24시간 약속이 다가오는 아이디어'),
  open: '작업 공간에서 열기',
  /** A founder erased their request from the status page: the reference only, and what the team should do. */
  erased: (reference: string, repliesExpunged = false) =>
    `접수 번호 ${reference}: 신청자가 진행 상황 페이지에서 신청을 삭제했습니다. 아이디어, 연락처, 음성 메모와 기록은 서버에서 모두 지웠습니다. ` +
    (repliesExpunged
      ? `신청자가 메일로 보낸 회신의 원본은 서버가 팀 메일함에서 지웁니다(지우지 못하면 따로 알려 드립니다). 팀 메일함에 남아 있는 이 접수 번호의 알림 메일(제목 "${subjectTag(reference)}")은 지워 주세요.`
      : `팀 메일함에 남아 있는 이 접수 번호의 메일(제목 "${subjectTag(reference)}")과 그 회신도 지워 주세요.`),
  erasedSubject: (reference: string) => `[삭제 요청 처리] 접수 번호 ${reference}`,
  erasedTitle: '신청자가 삭제한 아이디어',
  assigned: (reference: string) =>
    `접수 번호 ${reference} 아이디어의 담당자로 지정되었습니다. 24시간 약속 시각을 확인해주세요.`,
  assignedSubject: (reference: string) => `[담당 지정] 접수 번호 ${reference}`,
  assignedTitle: '담당자로 지정된 아이디어',
  /** The founder answered in the lead's thread (decision 101): the reference only; the answer is in the workspace. */
  answered: (reference: string, answers: number, byMail = false) =>
    byMail
      ? `접수 번호 ${reference}: 신청자가 메일로 ${answers > 1 ? `답장 ${answers}개를` : '답장을'} 보냈습니다. 작업 공간의 대화에서 확인해주세요.`
      : `접수 번호 ${reference}: 신청자가 진행 상황 페이지에서 ${answers > 1 ? `답변 ${answers}개를` : '답변을'} 남겼습니다. 작업 공간에서 확인해주세요.`,
  answeredSubject: (reference: string) => `[신청자 답변] 접수 번호 ${reference}`,
  answeredTitle: '신청자의 답변',
  /** The founder accepted a quote on the status page (issue 50): the reference and the version only. */
  quoteAccepted: (reference: string, version: number) =>
    `접수 번호 ${reference}: 신청자가 견적서 ${version}차에 동의했습니다. 작업 공간에서 확인해주세요.`,
  quoteAcceptedSubject: (reference: string) => `[견적 동의] 접수 번호 ${reference}`,
  quoteAcceptedTitle: '신청자가 동의한 견적',
  /** The founder booked, moved or cancelled the meeting on the status page (the chat; the time in KST). */
  meeting: (reference: string, change: 'booked' | 'moved' | 'cancelled', at: string) =>
    change === 'booked'
      ? `접수 번호 ${reference}: 신청자가 진행 상황 페이지에서 미팅을 예약했습니다 (${at}, 한국 시간).`
      : change === 'moved'
        ? `접수 번호 ${reference}: 신청자가 미팅 시간을 ${at}(한국 시간)으로 바꿨습니다.`
        : `접수 번호 ${reference}: 신청자가 ${at}(한국 시간) 미팅을 취소했습니다.`,
  /**
   * The mailbox reader (decision 127) met a mail it did not put in the thread: the reference when it names a lead,
   * what happened and where the mail is now (the handled folder of the team's mailbox), never its words.
   */
  mailbox: (problem: MailboxProblem, reference: string | undefined, folder: string, megabytes = 0) => {
    const about = reference ? `접수 번호 ${reference}: ` : '';
    const where = `원본은 팀 메일함의 「${folder}」 폴더에 있습니다.`;
    return problem === 'bounced'
      ? `${about}신청자 주소로 보낸 메일이 반송되었습니다. 이후 이 주소로는 메일을 보내지 않습니다(카카오톡 알림을 받기로 한 신청자에게는 알림톡이 계속 갑니다). 주소를 확인한 뒤 작업 공간의 대화에서 반송 표시를 지워주세요. ${where}`
      : problem === 'aside'
        ? `${about}신청자 주소가 아닌 곳에서 이 접수 번호로 답장이 왔습니다. 대화에는 넣지 않았으니 보낸 사람을 확인해주세요. ${where}`
        : problem === 'oversized'
          ? `${about}팀 메일함에 너무 큰 메일(${megabytes} MB)이 와서 읽지 않았습니다. ${where}`
          : problem === 'unmatched'
            ? `접수 번호를 알 수 없는 답장이 팀 메일함에 왔습니다. 작업 공간의 「확인할 메일」에서 보낸 사람과 내용을 확인하고 신청의 대화에 넣거나 무시해주세요. ${where}`
            : problem === 'erase_failed'
              ? `${about}삭제된 신청의 메일 원본을 팀 메일함에서 지우지 못했습니다. 서버가 계속 다시 시도하지만, 팀 메일함의 「${folder}」 폴더와 받은편지함에서 이 접수 번호의 회신을 직접 지워주세요.`
              : `${about}팀 메일함에 읽을 수 없는 형식의 메일이 와서 대화에 넣지 않았습니다. ${where}`;
  },
  mailboxSubject: (problem: MailboxProblem, reference: string | undefined) =>
    `[${problem === 'bounced' ? '메일 반송' : problem === 'aside' ? '확인 필요한 답장' : problem === 'erase_failed' ? '메일 원본 삭제 실패' : problem === 'unmatched' ? '확인할 메일' : '읽지 못한 메일'}]${reference ? ` 접수 번호 ${reference}` : ''}`,
  mailboxTitle: '팀 메일함에서 확인이 필요한 메일',
} as const;

/** What the mailbox reader tells the team about (decision 127). */
export type MailboxProblem = 'bounced' | 'aside' | 'oversized' | 'malformed' | 'erase_failed' | 'unmatched';
