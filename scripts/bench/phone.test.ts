/** The phone profile's report (decision 080): medians against issue 23's targets, with every run, index and load. */
import { describe, expect, it } from 'vitest';
import { CARD_TAP_PAUSE_MS, phoneSection, type PhoneRun } from './phone';

const run = (cardToDialog: number, pressToConfirmation: number, inp: number): PhoneRun => ({
  cardToDialog,
  pressToConfirmation,
  inp,
  controlTap: 24,
  benchmarkIndex: 1400,
  load: 2.5,
});

describe('phone profile report', () => {
  it('gives each median against its target, every run, the control, the benchmark index and the load', () => {
    const text = phoneSection([run(150, 400, 90), run(320, 1200, 250), run(200, 500, 120)]);
    // Issue 31: the phone rows say how soon after the card scrolled into view the first tap comes.
    expect(text).toContain(
      `| First tap on a portfolio card, ${CARD_TAP_PAUSE_MS} ms after it scrolled into view → dialog | ≤ 300 ms | 200 ms ✅ | 150, 320, 200 |`,
    );
    expect(text).toContain('| Press of 상담 신청하기 → confirmation | ≤ 1000 ms | 500 ms ✅ | 400, 1200, 500 |');
    expect(text).toContain('| Longest interaction (INP) | ≤ 200 ms | 120 ms ✅ | 90, 250, 120 |');
    expect(text).toContain('| Control: a tap on plain text (its INP) | – | 24 ms |');
    expect(text).toMatch(/\| Benchmark index[^|]*\| – \| 1400 \|/);
    expect(text).toMatch(/\| Load average[^|]*\| – \| 2\.5 \|/);
  });

  it('marks a median over its target', () => {
    expect(phoneSection([run(730, 1200, 240)])).toContain('| 730 ms ❌ |');
  });
});
