import { leadReference } from '../../domain/lead-reference';
import { describe, expect, it } from 'vitest';
import { founderMailCopy } from '../../content/founder-mail';
import { isSafeRecipient, renderFounderMail } from './founder-mail';

const input = {
  kind: 'confirmation' as const,
  ideaId: '0b6e8a52-3c1d-4f7e-9a0b-1c2d3e4f5a6b',
  receivedAt: new Date('2026-11-24T06:05:00Z'),
  email: 'founder@example.com',
  statusUrl: 'https://mvp24.example/status/abc',
  from: '24시간 MVP <no-reply@mvp24.example>',
};

describe('the founder mails', () => {
  it('says the reference, both times in KST and the link, and nothing else about the idea', () => {
    const mail = renderFounderMail(input);
    expect(mail.to).toBe('founder@example.com');
    expect(mail.subject).toBe(founderMailCopy.confirmation.subject);
    // The reference every text says; the full id only in the Message-ID (and the status link's download).
    expect(mail.text).toContain(`${founderMailCopy.labels.reference}: ${leadReference(input.ideaId)}`);
    expect(mail.text).not.toContain(input.ideaId);
    expect(mail.html).not.toContain(input.ideaId);
    expect(mail.text).toContain('2026년 11월 24일 (화) 오후 3:05 (한국 시간)');
    expect(mail.text).toContain('2026년 11월 25일 (수) 오후 3:05 (한국 시간)');
    expect(mail.text).toContain(input.statusUrl);
    expect(mail.html).toContain(`href="${input.statusUrl}"`);
    expect(mail.messageId).toBe(`<founder-confirmation-${input.ideaId}@mvp24.example>`);
    expect(mail.replyTo).toBeUndefined();
    const ready = renderFounderMail({ ...input, kind: 'ready' });
    expect(ready.subject).toBe(founderMailCopy.ready.subject);
    expect(ready.text).toContain(input.statusUrl);
  });

  it('replies to the team and, when ready, links the prototype itself (what 「아래 링크」 says)', () => {
    const ready = renderFounderMail({
      ...input,
      kind: 'ready',
      replyTo: '24시간 MVP 팀 <team@mvp24.example>',
      prototypeUrl: 'https://proto.example/bakery?a=1&b=2',
    });
    expect(ready.replyTo).toEqual({ name: founderMailCopy.replyToName, address: 'team@mvp24.example' });
    expect(ready.text).toContain(`${founderMailCopy.labels.prototype}: https://proto.example/bakery?a=1&b=2`);
    expect(ready.html).toContain('href="https://proto.example/bakery?a=1&amp;b=2"');
    expect(ready.text.indexOf('https://proto.example')).toBeLessThan(ready.text.indexOf(input.statusUrl));
    const confirmation = renderFounderMail({
      ...input,
      replyTo: 'team@mvp24.example',
      prototypeUrl: 'https://x.example',
    });
    expect(confirmation.replyTo?.address).toBe('team@mvp24.example');
    expect(confirmation.text).not.toContain('https://x.example');
  });

  it('refuses a recipient that could add a header or a second address', () => {
    for (const bad of [
      'a@b.example\r\nBcc: c@d.example',
      'a@b.example, c@d.example',
      'A <a@b.example>',
      'a b@c.example',
    ])
      expect(isSafeRecipient(bad)).toBe(false);
    expect(() => renderFounderMail({ ...input, email: 'a@b.example\nBcc: x@y.example' })).toThrow();
    expect(isSafeRecipient('first.last+tag@sub.example.co.kr')).toBe(true);
  });
});
