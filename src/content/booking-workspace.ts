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
