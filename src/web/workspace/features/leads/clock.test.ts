import { describe, expect, it } from 'vitest';
import { clockState, duration } from './clock';

const HOUR = 3_600_000;
const received = Date.parse('2026-11-24T00:00:00Z');
const clock = {
  receivedAt: new Date(received).toISOString(),
  promisedBy: new Date(received + 24 * HOUR).toISOString(),
  deliveredAt: null,
  closedAt: null,
  spam: false,
};

describe('the 24-hour clock', () => {
  it('says the time left, then how long overdue, then how fast it was delivered', () => {
    expect(duration(5 * HOUR + 7 * 60_000 + 59_000)).toBe('5시간 7분');
    expect(duration(-42 * 60_000)).toBe('42분');
    expect(clockState(clock, received + 18 * HOUR)).toEqual({ kind: 'left', text: '6시간 0분 남음', ms: 6 * HOUR });
    expect(clockState(clock, received + 25.5 * HOUR)).toMatchObject({ kind: 'overdue', text: '1시간 30분 지남' });
    expect(
      clockState({ ...clock, deliveredAt: new Date(received + 20 * HOUR).toISOString() }, received + 30 * HOUR),
    ).toMatchObject({ kind: 'on_time', text: '20시간 0분 만에 전달' });
    expect(
      clockState({ ...clock, deliveredAt: new Date(received + 60_000).toISOString() }, received + 30 * HOUR),
    ).toMatchObject({ kind: 'on_time', text: '1분 만에 전달' });
    expect(
      clockState({ ...clock, deliveredAt: new Date(received + 25 * HOUR).toISOString() }, received + 30 * HOUR),
    ).toMatchObject({ kind: 'late', text: '25시간 0분 만에 전달 (약속 시간 넘김)' });
  });

  it('stops for a lead closed without a prototype: never overdue, however late it is looked at', () => {
    const closed = { ...clock, closedAt: new Date(received + 60_000).toISOString() };
    for (const hours of [0.5, 23.9, 24.1, 100])
      expect(clockState(closed, received + hours * HOUR)).toMatchObject({ kind: 'closed', text: '종료 · 시계 멈춤' });
  });
});
