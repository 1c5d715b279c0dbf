/** The wording of `npm run team` (src/cli/team.ts). */

export const teamCliCopy = {
  usage: `사용법: npm run team -- <명령>
  invite <이메일> [--role owner|member]
                      일회용 초대 링크 만들기 (24시간 동안 한 번만 쓸 수 있어요; 대표가 없으면 첫 초대는 대표)
  members             팀원 목록
  invites             대기 중인 초대 목록
  revoke <이메일>      그 주소의 대기 중인 초대 취소 (링크를 더 이상 쓸 수 없어요)
  role <이메일> owner|member
                      팀원의 역할 바꾸기
  grant <이메일> on|off
                      팀원에게 전체 내보내기(CSV)와 삭제 허용 / 거두기 (대표는 늘 할 수 있어요)
  remove <이메일>      팀원 내보내기 (패스키와 로그인이 모두 끝나요)
  check-records       접속 기록 검사: 연결(해시 체인), 빠진 번호, 잘린 앞뒤`,
  invalidEmail: '이메일 주소를 다시 확인해 주세요.',
  invalidRole: '--role 은 owner 또는 member 예요.',
  inviteCreated: (email: string, role: string, expires: string) =>
    `${email} (${role}) 초대 링크를 만들었어요. ${expires} (KST)까지 한 번만 쓸 수 있어요. 이 링크를 본인에게만 전해 주세요:`,
  recoveryCreated: (email: string, role: string, expires: string) =>
    `${email} 님은 이미 ${role} 역할의 팀원이에요. 잃어버린 패스키 대신 새 패스키를 등록할 초대 링크를 만들었어요 (역할은 그대로예요). ${expires} (KST)까지 한 번만 쓸 수 있어요. 이 링크를 본인에게만 전해 주세요:`,
  noMembers: '아직 팀원이 없어요. npm run team -- invite <이메일> 로 첫 대표를 초대해 주세요.',
  memberLine: (email: string, role: string, passkeys: number, lastSignIn: string) =>
    `${email}  [${role}]  패스키 ${passkeys}개  마지막 로그인 ${lastSignIn}`,
  never: '없음',
  removed: (email: string, sessions: number) => `${email}: 내보냈어요 (로그인 ${sessions}개 종료).`,
  notMember: (email: string) => `${email}: 그런 팀원이 없어요.`,
  lastOwner: '마지막 대표는 내보낼 수 없어요. 먼저 다른 대표를 초대해 주세요.',
  roleDiffers: (email: string, role: string) =>
    `${email} 님은 이미 ${role} 역할의 팀원이에요. 초대로는 역할이 바뀌지 않아요: npm run team -- role ${email} owner|member 로 바꿔 주세요.`,
  noInvites: '대기 중인 초대가 없어요.',
  inviteLine: (email: string, role: string, expires: string) => `${email}  [${role}]  ${expires} (KST)까지`,
  noInviteFor: (email: string) => `${email}: 대기 중인 초대가 없어요.`,
  revoked: (email: string, count: number) => `${email}: 초대 ${count}개를 취소했어요. 그 링크는 더 이상 쓸 수 없어요.`,
  roleSet: (email: string, role: string, changed: boolean) =>
    changed ? `${email}: 역할을 바꿨어요 (${role}).` : `${email}: 이미 ${role} 역할이에요.`,
  grantSet: (email: string, granted: boolean) =>
    granted ? `${email}: 전체 내보내기와 삭제를 허용했어요.` : `${email}: 전체 내보내기와 삭제 권한을 거뒀어요.`,
  chainOk: (checked: number) => `접속 기록 ${checked}건의 연결이 온전해요.`,
  chainBroken: (seq: number, checked: number) =>
    `접속 기록의 연결이 끊어졌어요: ${seq}번 기록부터 맞지 않아요 (앞의 ${checked}건은 온전해요).`,
  chainEdited: (seq: number) => `${seq}번 기록의 내용이 바뀌었어요.`,
  chainMissing: (from: number, to: number) =>
    from === to ? `${from}번 기록이 빠졌어요.` : `${from}번부터 ${to}번까지 기록 ${to - from + 1}건이 빠졌어요.`,
  chainStart: (seq: number) =>
    `가장 오래된 기록(${seq}번)이 첫 기록도 아니고, 보관 기간이 지나 지운 기록 바로 다음도 아니에요: 앞쪽 기록이 잘렸어요.`,
  chainEnd: (seq: number) => `가장 최근 기록(${seq}번) 뒤의 기록이 잘렸어요.`,
  chainAnchor:
    '기록 끝의 확인 값(앵커)이 없거나 맞지 않아요: 기록이 다시 계산되었거나 ACCESS_RECORDS_KEY 가 서버와 달라요.',
  roles: { owner: '대표', member: '팀원' },
} as const;
