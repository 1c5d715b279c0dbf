/** The team-facing Korean text of each alert: ids, counts, ages and reply codes only, never what a visitor wrote. */
import type { AlertDetails, AlertKind } from './alert-store';

const PREFIX = '[24시간 MVP 알림]';

export function alertText(kind: AlertKind, ideaId: string | null, details: AlertDetails): string {
  const id = ideaId ?? '(삭제된 아이디어)';
  if (kind === 'mail_failed') {
    const why = details.expired
      ? '재시도 기간 동안 보내지 못해 실패로 처리했습니다'
      : `메일 서버가 거부했습니다${details.responseCode ? ` (응답 코드 ${details.responseCode})` : ''}`;
    return `${PREFIX} 접수 번호 ${id}의 팀 메일을 ${why}. 메일 설정을 확인한 뒤 \`npm run ideas -- retry ${id}\`로 다시 보내주세요.`;
  }
  return (
    `${PREFIX} 팀 메일이 나가지 않고 있습니다. 아직 보내지 못한 아이디어 ${details.unsent ?? 0}건 ` +
    `(늦어진 것 ${details.overdue ?? 0}건), 가장 오래된 것은 ${details.oldestMinutes ?? 0}분 전에 접수되었습니다` +
    ` (접수 번호 ${id}). 24시간 약속을 지킬 수 있도록 메일 서버와 \`npm run ideas -- list\`를 확인해주세요.`
  );
}
