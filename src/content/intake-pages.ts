/**
 * The pages the intake answers a form posted without the page's script with (no JavaScript, or sent before the
 * page code arrived): the receipt after a redirect, and the pages for what went wrong. Plain data; the server
 * renders it (src/server/http/intake-pages.ts). The receipt's wording is the form's own notice (home.ts).
 */
import { ideaNotices } from './home';

export const intakePages = {
  siteName: '24시간 MVP 스튜디오',
  received: {
    title: ideaNotices.success.title,
    lead: ideaNotices.success.description,
    reference: ideaNotices.receiptId,
    receivedAt: '접수 시각',
    promisedBy: ideaNotices.receiptPromise,
    next: '입력하신 이메일로 팀이 연락드립니다. 문의하실 때 접수 번호를 알려주시면 바로 확인해 드립니다.',
    /** With the status link (decision 084). */
    statusHint: ideaNotices.statusHint,
    statusLink: ideaNotices.statusLink,
  },
  invalid: {
    title: '입력한 내용을 확인해주세요',
    lead: '아래 항목을 고친 뒤 다시 보내주세요.',
  },
  failed: {
    title: '아이디어를 접수하지 못했습니다',
  },
  /** Under every error page: the browser's Back keeps what was typed. */
  back: '브라우저의 뒤로 가기 버튼을 누르면 입력하신 내용이 그대로 남아 있는 신청서로 돌아갑니다.',
  backToForm: '신청서로 돌아가기',
  home: '홈으로 가기',
  kst: '한국 시간',
} as const;
