/**
 * The team's push notifications (decision 130): the 알림 screen (web/workspace/pages/notifications.tsx), what a
 * notification says on a lock screen (the service worker, web/workspace/service-worker.ts: the kind, the reference
 * and the stage only, never the founder's name or words) and the workspace's web app manifest. 해요체. The code that
 * reads these holds their keys to domain/push.ts's PUSH_CHOICES and PUSH_KINDS (a missing key fails the typecheck).
 */
import { stageLabels } from './stages';

export const pushNotificationsCopy = {
  nav: '알림',
  title: '알림',
  intro:
    '새 아이디어, 신청자의 답변, 미팅 변경 같은 소식을 이 기기로 바로 알려 드려요. 기기마다 따로 켜고, 받을 소식을 골라요. ' +
    '알림에는 접수 번호와 단계만 보이고 신청자의 이름이나 내용은 보이지 않아요.',
  choicesLegend: '이 기기로 받을 소식',
  choices: {
    lead_received: '새 아이디어가 들어왔을 때',
    founder_answered: '신청자가 답변을 남겼을 때',
    meeting: '신청자가 미팅을 예약·변경·취소했을 때',
    lead_assigned: '내가 담당자로 지정되었을 때',
    lead_due_soon: '내 아이디어의 24시간 약속이 다가올 때',
    lead_overdue: '내 아이디어가 24시간 약속을 넘겼을 때',
    weekly_summary: '주간 요약: 매주 지난주 현황이 나올 때',
  },
  /** Under the due-soon and overdue choices: what "mine" means. */
  mineNote: '담당자가 없는 아이디어는 이 소식을 고른 모든 팀원에게 알려요.',
  turnOn: '이 기기에서 알림 켜기',
  save: '받을 소식 저장',
  working: '알림을 설정하는 중이에요…',
  turnedOn: '이 기기에서 알림을 켰어요.',
  saved: '받을 소식을 저장했어요.',
  turnOff: '이 기기에서 알림 끄기',
  turnedOff: '이 기기의 알림을 껐어요.',
  denied: '브라우저에서 알림이 차단되어 있어요. 주소창 왼쪽의 사이트 설정에서 알림을 허용한 뒤 다시 시도해 주세요.',
  unsupported:
    '이 브라우저에서는 알림을 받을 수 없어요. Android에서는 Chrome이나 Samsung Internet, iPhone에서는 홈 화면에 추가한 작업 공간(iOS 16.4 이상)에서 열어 주세요.',
  iosHint:
    'iPhone에서는 Safari의 공유 버튼 → "홈 화면에 추가"로 작업 공간을 추가한 뒤, 홈 화면의 아이콘으로 열어서 알림을 켜 주세요.',
  failed: '알림을 켜지 못했어요. 네트워크를 확인하고 다시 시도해 주세요.',
  noChoice: '받을 소식을 하나 이상 골라 주세요.',
  devicesHeading: '알림을 받는 기기',
  noDevices: '아직 알림을 켠 기기가 없어요.',
  thisDevice: '(이 기기)',
  lastSuccess: '마지막 알림',
  never: '아직 없음',
  chosen: (count: number) => `소식 ${count}가지`,
  remove: '삭제',
  removeLabel: (device: string) => `${device} 알림 삭제`,
  removed: (device: string) => `${device}의 알림을 삭제했어요.`,
} as const;

/** A notification's title and body (the service worker): the reference and the stage, nothing of the founder. */
export const pushMessageCopy = {
  title: {
    lead_received: '새 아이디어가 들어왔어요',
    founder_answered: '신청자가 답변을 남겼어요',
    meeting_booked: '미팅이 예약되었어요',
    meeting_moved: '미팅 시간이 바뀌었어요',
    meeting_cancelled: '미팅이 취소되었어요',
    lead_assigned: '담당자로 지정되었어요',
    lead_due_soon: '24시간 약속이 다가와요',
    lead_overdue: '24시간 약속을 넘겼어요',
    weekly_summary: '지난주 현황이 도착했어요',
  },
  body: (reference: string, stage: keyof typeof stageLabels) => `접수 번호 ${reference} · ${stageLabels[stage]} 단계`,
  /** The weekly summary's body (decision 156): counts only; the click opens the 현황 screen. */
  weeklyBody: (ideas: number, contracted: number, overdue: number) =>
    `아이디어 ${ideas.toLocaleString('ko-KR')}건 · 계약 ${contracted.toLocaleString('ko-KR')}건` +
    (overdue > 0 ? ` · 지금 24시간을 넘긴 아이디어 ${overdue.toLocaleString('ko-KR')}건` : ''),
  /** What the workspace shows when a notification it cannot read arrives (a newer server): still a link to the inbox. */
  fallbackTitle: '24시간 MVP 팀 작업 공간',
  fallbackBody: '새 소식이 있어요. 눌러서 확인해 주세요.',
} as const;

/** The workspace's web app manifest (installable on a phone's home screen; iOS needs it for push). */
export const workspaceManifestCopy = {
  name: '24시간 MVP 팀 작업 공간',
  shortName: '24시간 MVP 팀',
} as const;
