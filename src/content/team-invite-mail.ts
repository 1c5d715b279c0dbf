/**
 * The invite mail an owner sends from the workspace (server/team/invite-mail.ts fills in the values, escapes them
 * and builds the message). 해요체, as the rest of the workspace.
 */

export const teamInviteMailCopy = {
  subject: (siteName: string) => `[${siteName}] 팀 작업 공간 초대`,
  title: '팀 작업 공간에 초대되었어요',
  intro: (siteName: string) => `${siteName} 팀 작업 공간에 초대되었어요. 아래 링크를 열고 패스키를 등록해 주세요.`,
  linkLabel: '초대 수락하고 패스키 등록하기',
  /** `2026년 11월 25일 오전 9:30 (KST)` */
  expires: (formatted: string) => `이 링크는 ${formatted} (KST)까지, 한 번만 쓸 수 있어요.`,
  ignore: '초대를 요청한 적이 없다면 이 메일은 무시해 주세요.',
} as const;
