/**
 * The Korean names of a lead's stages (domain/stages.ts), shown by the team's workspace and by the founder's status
 * page: public copy, so its glyphs are in the site's font. The code that reads these holds them to the domain's
 * Stage type (a missing key fails the typecheck there).
 */

export const stageLabels = {
  new: '신규',
  reviewing: '검토 중',
  building: '제작 중',
  delivered: '프로토타입 전달',
  meeting: '미팅',
  contracted: '계약',
  closed: '종료',
} as const;
