/** The founder's status page reads the promise (domain/promise.ts): a count-down while open, none once closed. */
import { describe, expect, it } from 'vitest';
import { statusPageCopy as copy } from '../../content/status-page';
import type { StatusIdea } from '../founder/status-lookup';
import { statusDownload, statusPageHtml, type StatusShell } from '../founder/status-page-html';

const HOUR = 3_600_000;
const shell: StatusShell = { render: (_title, main) => main };
const received = new Date('2026-11-24T00:00:00Z');
const idea: StatusIdea = {
  id: '1a2b3c4d-0000-4000-8000-000000000000',
  receivedAt: received,
  idea: '동네 빵집 예약 앱',
  name: '홍길동',
  email: 'gildong@example.com',
  phone: '',
  stage: 'reviewing',
  prototypeUrl: null,
  prototypeDeliveredAt: null,
  closedAt: null,
  consentVersion: null,
  consentedAt: null,
  source: { channel: 'social', source: 'instagram', campaign: 'autumn' },
  kakaoUpdates: false,
  memo: null,
  timeline: [],
};
const at = (hours: number) => new Date(received.getTime() + hours * HOUR);

describe('the status page count-down', () => {
  it('puts where the founder came from in their download (decision 134)', () => {
    const data = JSON.parse(statusDownload(idea).body) as Record<string, unknown>;
    expect(data[copy.download.keys.source]).toBe('소셜 · instagram · autumn');
  });

  it('counts down while open and says overdue only past the promise', () => {
    expect(statusPageHtml(shell, idea, '/status/x', at(23))).toContain('data-countdown');
    const shown = `>${copy.receipt.overdue}</span>`;
    expect(statusPageHtml(shell, idea, '/status/x', at(24))).not.toContain(shown);
    expect(statusPageHtml(shell, idea, '/status/x', at(25))).toContain(shown);
  });

  it('stops for a request closed without a prototype: no count-down, never overdue', () => {
    const closed = { ...idea, stage: 'closed' as const, closedAt: at(0.05) };
    const html = statusPageHtml(shell, closed, '/status/x', at(48));
    expect(html).not.toContain('data-countdown');
    expect(html).not.toContain(copy.receipt.overdue);
    expect(html).toContain(copy.receipt.closed);
  });
});
