/**
 * The meeting booking's words (decision 104): the status page's section and answers and the meeting mails with
 * their invitation (합니다); the workspace's are in booking-workspace.ts (team only: kept out of the public font).
 * The server fills in times (KST, already formatted), the reference and links; no text the founder typed goes into
 * a mail or an invitation.
 */

export const bookingStatusCopy = {
  heading: '미팅 예약',
  lead: '프로토타입을 함께 보며 이야기 나눌 시간을 골라 주세요. 모든 시각은 한국 시간입니다.',
  length: (minutes: number) => `${minutes}분`,
  mode: { video: '화상 미팅', phone: '전화 통화' },
  modeLine: (mode: string, minutes: string) => `${mode} · ${minutes}`,
  noSlots: '지금은 예약할 수 있는 시간이 없습니다. 팀이 곧 연락드리겠습니다.',
  /** A phone meeting, and the founder gave no number: no slots, and how to give one. */
  noPhone:
    '미팅은 전화로 진행하는데, 신청서에 연락처가 없어 아직 시간을 고르실 수 없습니다. 이 페이지 아래의 답변 칸에 전화번호를 남겨 주시거나 받으신 메일에 회신해 주시면, 팀이 확인하고 미팅 시간을 맞춰 연락드리겠습니다.',
  choose: '이 시간으로 예약',
  /** A day's count of free times, beside its date (the days fold; the first is open). */
  slotCount: (count: number) => `빈 시간 ${count}개`,
  booked: {
    heading: '예약된 미팅',
    at: '일시',
    how: '방식',
    video: '화상 미팅 링크',
    phone: '팀이 신청서에 적어 주신 연락처로 전화드립니다.',
    change: '미팅 2시간 전까지 시간을 바꾸거나 취소할 수 있습니다.',
    locked: '미팅 2시간 전부터는 이 페이지에서 바꿀 수 없습니다. 메일에 회신해 주세요.',
    moveHeading: '다른 시간으로 변경',
    move: '이 시간으로 변경',
    cancel: '미팅 취소',
  },
  /** The founder's cancel asks first (a page, then a second post that confirms): no meeting is lost to one tap. */
  confirmCancel: {
    title: '미팅을 취소할까요?',
    lead: (at: string) =>
      `${at} 미팅을 취소합니다. 취소하면 팀에 알려지고, 이 시간은 다른 분이 예약할 수 있게 됩니다. 필요하시면 나중에 진행 상황 페이지에서 다시 예약할 수 있습니다.`,
    confirm: '네, 미팅을 취소합니다',
    keep: '취소하지 않고 돌아가기',
  },
  /** The answer pages after a post. */
  done: {
    bookedTitle: '미팅이 예약되었습니다',
    booked: (at: string) => `${at}에 뵙겠습니다. 확인 메일과 캘린더 초대장을 보내 드렸습니다.`,
    movedTitle: '미팅 시간을 변경했습니다',
    moved: (at: string) => `새 일시는 ${at}입니다. 변경된 초대장을 메일로 보내 드렸습니다.`,
    cancelledTitle: '미팅을 취소했습니다',
    cancelled: '취소 안내를 메일로 보내 드렸습니다. 원하시면 진행 상황 페이지에서 다시 예약할 수 있습니다.',
    back: '진행 상황 페이지로 돌아가기',
  },
  refusedTitle: '예약하지 못했습니다',
  /** Under a refusal of the chosen time (taken, too soon, off the hours): the free times, to pick again there. */
  retryHeading: '아직 비어 있는 시간',
  refusals: {
    too_soon: '지금부터 2시간 이내이거나 이미 지난 시간은 예약할 수 없습니다. 다른 시간을 골라 주세요.',
    outside_hours: '팀이 미팅을 받는 시간이 아닙니다. 목록에 있는 시간 중에서 골라 주세요.',
    taken: '방금 다른 분이 이 시간을 예약했습니다. 다른 시간을 골라 주세요.',
    not_offered: '아직 미팅을 예약할 수 있는 단계가 아닙니다. 프로토타입이 전달되면 예약할 수 있습니다.',
    already_booked: '이미 예약된 미팅이 있습니다. 시간을 바꾸려면 예약된 미팅에서 변경해 주세요.',
    no_meeting: '예약된 미팅이 없습니다.',
    no_phone:
      '미팅은 전화로 진행하는데, 신청서에 연락처가 없어 예약하지 못했습니다. 진행 상황 페이지의 답변 칸에 전화번호를 남겨 주시거나 받으신 메일에 회신해 주시면 팀이 미팅 시간을 맞춰 연락드리겠습니다.',
    unchanged: '이미 이 시간으로 예약되어 있습니다. 바꾸시려면 다른 시간을 골라 주세요.',
    too_late: '미팅 2시간 전부터는 바꾸거나 취소할 수 없습니다. 메일에 회신해 주세요.',
    invalid: '요청을 이해하지 못했습니다. 진행 상황 페이지에서 다시 시도해 주세요.',
  },
  tooMany: (perHour: number) =>
    `미팅 예약은 한 시간에 ${perHour}번까지 바꿀 수 있습니다. 잠시 후 다시 시도하시거나 메일에 회신해 주세요.`,
  download: {
    key: '미팅',
    at: '일시',
    status: '상태',
    mode: '방식',
    statuses: { booked: '예약됨', cancelled: '취소됨' },
  },
} as const;

export const meetingMailCopy = {
  /** The invitation's title in calendars. */
  summary: (reference: string) => `24시간 MVP 프로토타입 미팅 (접수 번호 ${reference})`,
  description: {
    video: (url: string) => `화상 미팅 링크: ${url}`,
    phone: '팀이 신청서의 연락처로 전화드립니다.',
  },
  location: { phone: '전화 통화' },
  organizerName: '24시간 MVP 팀',
  subjects: {
    request: '[24시간 MVP] 미팅이 예약되었습니다',
    moved: '[24시간 MVP] 미팅 시간이 변경되었습니다',
    cancel: '[24시간 MVP] 미팅이 취소되었습니다',
    reminder_day: '[24시간 MVP] 내일 미팅이 있습니다',
    reminder_hour: '[24시간 MVP] 1시간 뒤 미팅이 시작됩니다',
  },
  intros: {
    request: '미팅이 예약되었습니다. 첨부한 초대장을 캘린더에 추가해 주세요.',
    moved: '미팅 시간이 변경되었습니다. 첨부한 초대장으로 캘린더가 새 시간으로 바뀝니다.',
    cancel: '미팅이 취소되었습니다. 첨부한 취소 안내로 캘린더에서도 지워집니다.',
    reminder_day: '내일 예정된 미팅을 알려 드립니다.',
    reminder_hour: '1시간 뒤 미팅이 시작됩니다.',
  },
  /** The team's copy starts with this line (the lead's page link follows). */
  teamIntro: (reference: string) => `접수 번호 ${reference} 리드의 미팅입니다.`,
  labels: {
    reference: '접수 번호',
    at: '일시',
    how: '방식',
    video: '화상 미팅 링크',
    status: '진행 상황 보기',
    lead: '리드 보기',
    cancelledBy: '취소한 쪽',
  },
  /** Who cancelled, in the cancellation to both sides (meetings.cancelled_by). */
  cancelledBy: { founder: '신청자 (진행 상황 페이지에서)', team: '24시간 MVP 팀' },
  how: { video: '화상 미팅', phone: '전화 통화' },
  changeHint: '미팅 2시간 전까지 진행 상황 페이지에서 시간을 바꾸거나 취소할 수 있습니다.',
  footer: '이 메일에 회신하면 팀에 바로 전달됩니다. 링크는 본인만 알 수 있도록 다른 사람과 공유하지 마세요.',
  teamFooter: '이 메일은 24시간 MVP 작업 공간의 미팅 예약에서 보냈어요.',
  kst: (formatted: string) => `${formatted} (한국 시간)`,
  fileName: 'invite.ics',
} as const;
