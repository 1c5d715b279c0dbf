/**
 * The meeting booking's words in the team's workspace (decision 104, 해요): the lead page's meeting panel, the
 * owners' hours screen and the timeline's line. Team only (build/pretendard-subsets.ts TEAM_ONLY_COPY).
 */

export const bookingWorkspaceCopy = {
  nav: '미팅 시간',
  hours: {
    title: '미팅 시간 설정',
    intro: '창업자가 진행 상황 페이지에서 고를 수 있는 시간을 정해요. 모든 시각은 한국 시간이에요.',
    weekdays: ['일', '월', '화', '수', '목', '금', '토'],
    weekday: (name: string) => `${name}요일`,
    open: '미팅 받기',
    start: '시작',
    end: '끝',
    daysOff: '쉬는 날',
    daysOffHint: '한 줄에 하루씩 YYYY-MM-DD로 적어요.',
    length: '미팅 길이',
    lengthOption: (minutes: number) => `${minutes}분`,
    mode: '미팅 방식',
    modes: { video: '화상 미팅 (링크)', phone: '전화 통화' },
    videoUrl: '화상 미팅 링크 (https)',
    save: '저장',
    saved: '저장했어요.',
    ownersOnly: '미팅 시간은 오너만 바꿀 수 있어요.',
    /** A weekday may have several ranges (10:00–12:00 and 14:00–18:00). */
    addRange: (day: string) => `${day} 시간대 추가`,
    addRangeShort: '시간대 추가',
    rangeLabel: (day: string, index: number) => (index === 0 ? day : `${day} ${index + 1}번째 시간대`),
    removeRange: (day: string, index: number) => `${day} ${index + 1}번째 시간대 삭제`,
    removeRangeShort: '삭제',
    /** Why the hours cannot be saved (the screen checks before saving; the server refuses the same). */
    problems: {
      order: (day: string) => `${day}: 끝나는 시각이 시작 시각보다 늦어야 해요.`,
      grid: (day: string, minutes: number) => `${day}: 시각은 ${minutes}분 단위로 정해 주세요.`,
      overlap: (day: string) => `${day}: 시간대가 서로 겹쳐요. 겹치지 않게 나눠 주세요.`,
      dayOff: (value: string) => `쉬는 날 “${value}”: 날짜를 읽지 못했어요. YYYY-MM-DD로 적어 주세요.`,
      tooManyRanges: (max: number) => `시간대는 모두 ${max}개까지 정할 수 있어요.`,
      tooManyDaysOff: (max: number) => `쉬는 날은 ${max}일까지 적을 수 있어요.`,
      videoUrl: '화상 미팅 링크는 https://로 시작하는 주소로 적어 주세요.',
    },
  },
  panel: {
    heading: '미팅',
    notOffered: '프로토타입을 전달하거나 미팅을 제안하면 창업자가 진행 상황 페이지에서 시간을 고를 수 있어요.',
    offered: '창업자가 진행 상황 페이지에서 시간을 고를 수 있어요.',
    propose: '미팅 제안하기',
    booked: (at: string) => `${at}에 예약됐어요.`,
    mode: { video: '화상 미팅', phone: '전화 통화' },
    moveLabel: '다른 시간으로 변경',
    move: '변경',
    cancel: '미팅 취소',
    locked: '미팅 2시간 전부터는 바꿀 수 없어요.',
    noSlots: '옮길 수 있는 빈 시간이 없어요.',
  },
  timelineMeeting: (at: string) => `미팅 일시: ${at}`,
  /** The timeline's line for a change of the meeting: by the founder (on the status page) or by a member. */
  timelineChange: {
    founder: {
      meeting_booked: '신청자가 미팅을 예약했어요',
      meeting_moved: '신청자가 미팅 시간을 바꿨어요',
      meeting_cancelled: '신청자가 미팅을 취소했어요',
    },
    team: {
      meeting_booked: '미팅을 예약했어요',
      meeting_moved: '미팅 시간을 바꿨어요',
      meeting_cancelled: '미팅을 취소했어요',
    },
  },
} as const;

/**
 * The message of one problem with the hours (domain/booking.ts `hoursProblems`; the weekday by its number, 0 =
 * Sunday), for the hours screen and the server's refusal alike. The limits come from the domain.
 */
export function hoursProblemText(
  problem:
    | { kind: 'order' | 'grid' | 'overlap'; day: number }
    | { kind: 'day_off'; value: string }
    | { kind: 'too_many_ranges' | 'too_many_days_off' | 'video_url' },
  limits: { cellMinutes: number; ranges: number; daysOff: number },
): string {
  const hours = bookingWorkspaceCopy.hours;
  const text = hours.problems;
  switch (problem.kind) {
    case 'order':
      return text.order(hours.weekday(hours.weekdays[problem.day]!));
    case 'grid':
      return text.grid(hours.weekday(hours.weekdays[problem.day]!), limits.cellMinutes);
    case 'overlap':
      return text.overlap(hours.weekday(hours.weekdays[problem.day]!));
    case 'day_off':
      return text.dayOff(problem.value);
    case 'too_many_ranges':
      return text.tooManyRanges(limits.ranges);
    case 'too_many_days_off':
      return text.tooManyDaysOff(limits.daysOff);
    case 'video_url':
      return text.videoUrl;
  }
}
