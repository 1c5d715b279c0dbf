import { describe, expect, it } from 'vitest';
import { formatKst } from '../../domain/kst';
import { escapeHtml } from '../../domain/escape-html';
import { firstWords, messageIdDomain, renderTeamMail, singleLine } from './team-mail';
import { teamMailCopy } from '../../content/team-mail';

const idea = {
  id: '7f1b0a1e-2d2c-4c55-9c1e-6a1c1d1e1f10',
  receivedAt: new Date('2026-11-22T06:05:00Z'),
  idea: '동네 빵집의 남은 빵을 마감 할인으로 예약하는 앱을 만들고 싶어요. 사장님은 사진만 올리면 됩니다.',
  name: '박서준',
  email: 'seojun@example.com',
  phone: '',
};

describe('team mail', () => {
  it('has a Korean subject with the reference, the name and the first words, and links the lead', () => {
    const mail = renderTeamMail(idea, {
      from: 'MVP <no-reply@mvp24.example>',
      to: 'team@mvp24.example',
      siteUrl: 'https://mvp24.example/',
    });
    expect(mail.subject).toBe(
      teamMailCopy.subject('7f1b0a1e', '박서준', '동네 빵집의 남은 빵을 마감 할인으로 예약하는 앱을 만들고 싶어요.…'),
    );
    expect(mail.replyTo).toEqual({ name: '박서준', address: 'seojun@example.com' });
    expect(mail.messageId).toBe(`<idea-${idea.id}@mvp24.example>`);
    expect(mail.text).toContain(`접수 시각: ${formatKst(idea.receivedAt.toISOString())} (KST)`);
    expect(mail.text).toContain(`프로토타입 약속 시각: ${formatKst('2026-11-23T06:05:00Z')} (KST)`);
    expect(mail.text).toContain('연락처: (없음)');
    expect(mail.text).toContain(`접수 번호: ${idea.id}`);
    expect(mail.text).toContain(`작업 공간에서 열기: https://mvp24.example/team/leads/${idea.id}`);
    expect(mail.html).toContain(`<a href="https://mvp24.example/team/leads/${idea.id}">`);
  });

  it('escapes every user value in the HTML part', () => {
    const mail = renderTeamMail(
      { ...idea, idea: '<img src=x onerror=alert(1)>', name: '<b>이름</b>', phone: '"010"' },
      { from: 'a@b.example', to: 't@b.example' },
    );
    expect(mail.html).not.toMatch(/<img|<b>/);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&lt;b&gt;이름&lt;/b&gt;');
    expect(mail.html).toContain('&quot;010&quot;');
  });

  it('removes CR, LF and control characters from header values', () => {
    expect(singleLine('a\r\nBcc: x@y\u0000\u2028z')).toBe('a Bcc: x@y z');
    const mail = renderTeamMail(
      { ...idea, name: '김\r\nBcc: x@y.z', idea: '첫줄\n\n둘째' },
      { from: 'a@b.example', to: 't@b.example' },
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.replyTo!.name).toBe('김 Bcc: x@y.z');
  });

  it('cuts the first words at a word boundary', () => {
    expect(firstWords('짧은 글')).toBe('짧은 글');
    expect(firstWords('a'.repeat(60))).toBe(`${'a'.repeat(40)}…`);
  });

  it('escapes the five HTML characters and derives the Message-ID domain', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(messageIdDomain('24시간 MVP <no-reply@Mvp24.Example>')).toBe('mvp24.example');
    expect(messageIdDomain('broken')).toBe('localhost');
  });
});
