/**
 * The founder's new words (decision 127) from each client's real quoting (test-support/server/mailbox-fixtures/),
 * parsed as the reader parses them: quoted history, attribution lines (English and Korean, wrapped or not), Outlook's
 * header block, signatures and phone footers gone; HTML-only mail as text; the legacy Korean charset decoded.
 */
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { mailboxFixture, type MailboxFixture } from '../../../test-support/server/mailbox-fixtures';
import { replyText } from './mailbox-mail';
import { newWords } from './reply-text';

const values = {
  from: 'jiwoo@example.com',
  to: 'reply+abcdefghijklmnopqrstuvwxyz234567@mvp24.example',
  root: '<confirmation.abcdefghijklmnopqrstuvwxyz234567@mvp24.example>',
  messageId: '<CAF1x2y3z@mail.gmail.com>',
};

const expected: [MailboxFixture, string][] = [
  [
    'gmail-ko',
    '안녕하세요, 답장 감사합니다.\n주 사용자는 동네 빵집 사장님들이고, 예약은 하루 전까지만 받으려고 합니다.',
  ],
  ['gmail-en', 'Thanks! The main users are bakery owners in the neighbourhood.\nBookings close the day before.'],
  ['naver-html', '네, 좋습니다.\n\n결제는 카카오페이로 하고 싶어요 & 포인트 적립도요.'],
  ['daum', '화면은 세 개면 충분할 것 같습니다: 메뉴, 예약, 내 예약.'],
  ['outlook', '기획서를 첨부합니다. 검토 부탁드립니다.'],
  ['apple-mail-memo', '음성으로 설명드릴게요.'],
];

describe("the founder's new words", () => {
  it.each(expected)('from %s', async (name, words) => {
    const parsed = await simpleParser(mailboxFixture(name, values));
    expect(replyText(parsed)).toBe(words);
  });

  it('keeps a line that only mentions writing, and cuts at a bare Korean attribution', () => {
    expect(newWords('제가 작성: 한 기획서는 내일 보내겠습니다.\n\n감사합니다.')).toBe(
      '제가 작성: 한 기획서는 내일 보내겠습니다.\n\n감사합니다.',
    );
    expect(newWords('좋아요.\n\n2026년 11월 28일 (토) 오후 2:03, 팀 <a@b.kr>님이 작성:\n이전 메일')).toBe('좋아요.');
    expect(newWords('네.\n\nFrom: Team <a@b.kr>\nSent: Saturday\nSubject: x\n\nold')).toBe('네.');
    expect(newWords('From: 서울에서 연락드립니다.\n반갑습니다.')).toBe('From: 서울에서 연락드립니다.\n반갑습니다.');
  });
});
