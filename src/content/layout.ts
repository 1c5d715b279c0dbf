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

/** The KakaoTalk channel link, in the top bar and beside the idea form when the site has a channel. */
export const kakaoConsult = {
  label: '카카오톡으로 상담',
  /** Read after the label by screen readers: the link leaves the site for KakaoTalk. */
  hint: '(카카오톡 채널이 새 창에서 열림)',
} as const;
