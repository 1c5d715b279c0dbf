/**
 * The team's workspace and the founder's status page: the Korean names of the lead stages (domain/stages.ts).
 * The workspace's screens keep their copy in this file too.
 */
// Content knows nothing of domain: the code that reads these holds them to the domain's types (a missing key
// fails the typecheck there).

export const stageLabels = {
  new: '신규',
  reviewing: '검토 중',
  building: '제작 중',
  delivered: '프로토타입 전달',
  meeting: '미팅',
  contracted: '계약',
  closed: '종료',
} as const;

/** The workspace API's error messages (domain/team-errors.ts; server/team/team-api.ts holds them to its codes), shown as is. */
export const teamErrorMessages = {
  unauthorized: '로그인이 필요해요. 다시 로그인해 주세요.',
  forbidden_origin: '이 사이트의 화면에서 보낸 요청만 처리할 수 있어요.',
  forbidden: '이 작업은 대표(owner)만 할 수 있어요.',
  not_found: '찾는 항목이 없어요. 이미 삭제되었거나 주소가 잘못되었어요.',
  invalid: '입력한 내용을 다시 확인해 주세요.',
  conflict: '다른 사람이 먼저 바꿨어요. 새로고침한 뒤 다시 시도해 주세요.',
  rate_limited: '시도가 너무 많아요. 잠시 후 다시 시도해 주세요.',
  invite_invalid: '초대 링크가 만료되었거나 이미 사용되었어요. 새 초대 링크를 요청해 주세요.',
  passkey_invalid: '패스키를 확인하지 못했어요. 다시 시도해 주세요.',
  internal: '일시적인 문제가 생겼어요. 잠시 후 다시 시도해 주세요.',
} as const;
