/** The wording of `npm run team` (src/cli/team.ts). */

export const teamCliCopy = {
  usage: `사용법: npm run team -- <명령>
  invite <이메일> [--role owner|member]
                      일회용 초대 링크 만들기 (24시간 동안 한 번만 쓸 수 있어요; 대표가 없으면 첫 초대는 대표)
  members             팀원 목록
  remove <이메일>      팀원 내보내기 (패스키와 로그인이 모두 끝나요)
  check-records       접속 기록의 연결(해시 체인) 검사`,
  invalidEmail: '이메일 주소를 다시 확인해 주세요.',
  invalidRole: '--role 은 owner 또는 member 예요.',
  inviteCreated: (email: string, role: string, expires: string) =>
    `${email} (${role}) 초대 링크를 만들었어요. ${expires} (KST)까지 한 번만 쓸 수 있어요. 이 링크를 본인에게만 전해 주세요:`,
  noMembers: '아직 팀원이 없어요. npm run team -- invite <이메일> 로 첫 대표를 초대해 주세요.',
  memberLine: (email: string, role: string, passkeys: number, lastSignIn: string) =>
    `${email}  [${role}]  패스키 ${passkeys}개  마지막 로그인 ${lastSignIn}`,
  never: '없음',
  removed: (email: string, sessions: number) => `${email}: 내보냈어요 (로그인 ${sessions}개 종료).`,
  notMember: (email: string) => `${email}: 그런 팀원이 없어요.`,
  lastOwner: '마지막 대표는 내보낼 수 없어요. 먼저 다른 대표를 초대해 주세요.',
  chainOk: (checked: number) => `접속 기록 ${checked}건의 연결이 온전해요.`,
  chainBroken: (seq: number, checked: number) =>
    `접속 기록의 연결이 끊어졌어요: ${seq}번 기록부터 맞지 않아요 (앞의 ${checked}건은 온전해요).`,
  roles: { owner: '대표', member: '팀원' },
} as const;
