/** Copy shared by every page: skip link, top bar and footer. */
import { site } from './site';

export const header = {
  skipToContent: '본문으로 건너뛰기',
  navLabel: '주요 메뉴',
  openMenu: '메뉴 열기',
  closeMenu: '메뉴 닫기',
  submitIdea: '아이디어 제출하기',
} as const;

export const footer = {
  summary: '아이디어를 24시간 안에 작동하는 프로토타입으로 만들어 드립니다.',
  privacyLink: '개인정보처리방침',
  contactLabel: '문의',
  copyright: `© 2026 ${site.name}`,
} as const;

/** Screen-reader hint appended to links that open a new tab. */
export const newTabHint = '(새 창에서 열림)';
