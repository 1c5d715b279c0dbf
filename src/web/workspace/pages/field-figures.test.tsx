/**
 * The 현황 screen against a stubbed /team/api: p75 per route and device with its rating, a chart per core metric
 * with its table, the funnel of this month beside the last with conversions, and the promise's on-time rate.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldFiguresCopy } from '../../../content/field-figures';
import { CORE_METRICS, FIELD_FIGURES_PATH, funnelRows, type VitalsFigures } from '../../../domain/vitals';
import { percent } from '../features/field-figures/format';
import type { LeadFigures } from '../../../domain/workspace-api';
import { renderScreen, stubTeamApi } from '../../../../test-support/web/team-api';
import { FieldFiguresScreen } from './field-figures';
import { emptyCounts, SOURCE_FUNNEL_PATH, WEEKLY_MAIL_PATH, type SourceFunnel } from '../../../domain/source-funnel';
import { weeklyMailCopy } from '../../../content/weekly-mail';

const figures: VitalsFigures = {
  enabled: true,
  days: 28,
  p75: [
    { route: 'home', device: 'phone', metric: 'LCP', value: 3100, samples: 40 },
    { route: 'home', device: 'phone', metric: 'INP', value: 120, samples: 12 },
    { route: 'home', device: 'phone', metric: 'CLS', value: 0.3, samples: 40 },
    { route: 'about', device: 'desktop', metric: 'LCP', value: 900, samples: 3 },
  ],
  trend: [
    { day: '2026-11-24', metric: 'LCP', value: 2900, samples: 20 },
    { day: '2026-11-25', metric: 'LCP', value: 3100, samples: 20 },
    { day: '2026-11-24', metric: 'INP', value: null, samples: 0 },
    { day: '2026-11-25', metric: 'INP', value: 120, samples: 12 },
    { day: '2026-11-24', metric: 'CLS', value: 0.3, samples: 20 },
    { day: '2026-11-25', metric: 'CLS', value: 0.3, samples: 20 },
  ],
  funnel: {
    thisMonthLabel: '2026-11',
    lastMonthLabel: '2026-10',
    thisMonth: funnelRows({ page_view: 200, form_started: 20, idea_sent: 5, delivered: 4 }),
    lastMonth: funnelRows({ page_view: 100 }),
    pageViews: [
      { route: 'home', thisMonth: 150, lastMonth: 80 },
      { route: 'about', thisMonth: 50, lastMonth: 20 },
    ],
  },
};
const leadFigures: LeadFigures = {
  month: '2026-11',
  received: 10,
  due: 8,
  deliveredInTime: 6,
  medianMinutesToPrototype: 20 * 60,
  overdueNow: 0,
};

const quiet: SourceFunnel = {
  days: 30,
  from: '2026-10-27',
  to: '2026-11-25',
  total: emptyCounts(),
  channels: [],
  sources: [],
  stageTimes: [],
  channelStageTimes: [],
  losses: [],
};
const counts = (
  visit: number,
  idea: number,
  delivered: number,
  onTime: number,
  meeting: number,
  quote: number,
  contracted: number,
) => ({
  visit,
  idea,
  delivered,
  on_time: onTime,
  meeting,
  quote_accepted: quote,
  contracted,
});
const bySource: SourceFunnel = {
  days: 7,
  from: '2026-11-19',
  to: '2026-11-25',
  total: counts(50, 10, 8, 6, 4, 2, 1),
  channels: [
    { channel: 'search', source: '', campaign: '', counts: counts(28, 7, 6, 5, 3, 2, 1) },
    { channel: 'social', source: '', campaign: '', counts: counts(22, 3, 2, 1, 1, 0, 0) },
  ],
  sources: [
    { channel: 'search', source: 'naver', campaign: 'mvp-24', counts: counts(28, 7, 6, 5, 3, 2, 1) },
    { channel: 'social', source: 'instagram', campaign: '', counts: counts(22, 3, 2, 1, 1, 0, 0) },
  ],
  stageTimes: [{ stage: 'new', median: 90, p75: 200, stays: 9 }],
  channelStageTimes: [
    { channel: 'search', stageTimes: [{ stage: 'new', median: 60, p75: 120, stays: 6 }] },
    { channel: 'social', stageTimes: [{ stage: 'new', median: 180, p75: 300, stays: 3 }] },
  ],
  losses: [{ stage: 'meeting', reason: '예산이 맞지 않음', count: 2 }],
};
const replyOf =
  (vitals: VitalsFigures, sources: SourceFunnel = quiet) =>
  (_method: string, url: string) =>
    url === FIELD_FIGURES_PATH
      ? vitals
      : url.startsWith(SOURCE_FUNNEL_PATH)
        ? sources
        : url.endsWith('/figures')
          ? leadFigures
          : {};

describe('the 현황 screen', () => {
  it('shows the funnel to a contract by source for the chosen period, with stage times and losses', async () => {
    const calls = stubTeamApi(replyOf(figures, bySource));
    renderScreen(<FieldFiguresScreen />);
    const table = await screen.findByTestId('source-funnel-table');
    expect(calls.map((call) => call.url)).toContain(`${SOURCE_FUNNEL_PATH}?days=30`);
    const search = within(table).getByRole('row', { name: /^검색/ });
    // Each count with its conversion under it: 28 visits, 7 ideas of them, 전달 6 of 7 ideas, 24시간 안 5 of 6, 미팅 3
    // of 6, 견적 2 of 3, 계약 1 of 2.
    expect(
      within(search)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['28', '7' + '25.0%', '6' + '85.7%', '5' + '83.3%', '3' + '50.0%', '2' + '66.7%', '1' + '50.0%']);
    // The phone's card of a channel shows the same figures with the same markup.
    const card = within(screen.getByTestId('source-funnel-cards')).getByRole('region', { name: '검색' });
    expect(card.querySelector('[data-step="idea"] dd')?.textContent).toBe('7' + '25.0%');
    expect(within(table).getByRole('row', { name: /naver/ }).textContent).toContain('mvp-24');
    // The time in each stage over all channels, and per channel under it.
    const times = screen.getByTestId('source-stage-times');
    expect(within(times).getByRole('row', { name: /신규/ }).textContent).toContain('1시간 30분');
    expect(times.querySelector('[data-stage="new"][data-channel="search"]')?.textContent).toBe('검색1시간2시간6');
    expect(times.querySelector('[data-stage="new"][data-channel="social"]')?.textContent).toBe('소셜3시간5시간3');
    expect(within(screen.getByTestId('source-losses')).getByRole('row', { name: /미팅/ }).textContent).toContain(
      '예산이 맞지 않음',
    );
    // A member asks for the weekly mail (decision 136).
    const optIn = await screen.findByRole('checkbox', { name: weeklyMailCopy.optIn });
    expect((optIn as HTMLInputElement).checked).toBe(false);
    optIn.click();
    await waitFor(() => expect((optIn as HTMLInputElement).checked).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: WEEKLY_MAIL_PATH, body: { on: true } });
    screen.getByRole('button', { name: '최근 7일' }).click();
    expect(await screen.findByText('2026-11-19 ~ 2026-11-25 (한국 시간)')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain(`${SOURCE_FUNNEL_PATH}?days=7`);
  });

  it('shows p75 with ratings, a chart and table per metric, the funnel and the on-time rate', async () => {
    stubTeamApi(replyOf(figures));
    renderScreen(<FieldFiguresScreen />);
    const table = await screen.findByTestId('field-vitals');
    const phone = within(table).getByRole('row', { name: /^\/ 휴대폰/ });
    expect(phone.textContent).toContain('3.10초');
    expect(phone.textContent).toContain('개선 필요');
    expect(phone.textContent).toContain('120ms');
    expect(phone.textContent).toContain('나쁨');
    expect(within(table).getByRole('row', { name: /^\/about 컴퓨터/ }).textContent).toContain('좋음');
    for (const metric of ['LCP', 'INP', 'CLS']) {
      const chart = screen.getByTestId(`trend-${metric}`);
      expect(within(chart).getByRole('img', { name: `${metric} 날짜별 p75` })).toBeTruthy();
      expect(within(chart).getByRole('table', { hidden: true })).toBeTruthy();
    }
    // The table behind a chart says each point's band in words, as the chart's colours do.
    const lcpTrend = within(screen.getByTestId('trend-LCP')).getByRole('table', { hidden: true });
    expect(within(lcpTrend).getByRole('row', { name: /2026-11-25/, hidden: true }).textContent).toContain(
      '3.10초 개선 필요',
    );
    const funnel = screen.getByTestId('field-funnel');
    expect(within(funnel).getByRole('row', { name: /신청서 작성 시작/ }).textContent).toContain('10.0%');
    expect(within(funnel).getByRole('row', { name: /아이디어 접수/ }).textContent).toContain('25.0%');
    expect(within(funnel).getByRole('columnheader', { name: '2026-10' })).toBeTruthy();
    // The page views per route, each route by its path.
    const byRoute = screen.getByRole('table', { name: '경로별 페이지 조회' });
    expect(within(byRoute).getByRole('row', { name: /^\/about/ }).textContent).toBe('/about5020');
    expect(
      within(byRoute)
        .getAllByRole('row')
        .map((row) => row.getAttribute('data-route')),
    ).toEqual([null, 'home', 'about']);
    expect((await screen.findByTestId('promise-on-time')).textContent).toBe('75.0%');
  });

  it('says what each core metric means, what is not counted, and where the funnel reads its steps', async () => {
    // More ideas than form starts (an automated browser's idea, say): the rate stops at 100 %, the counts stay.
    const capped = {
      ...figures,
      funnel: { ...figures.funnel, thisMonth: funnelRows({ form_started: 2, idea_sent: 3 }) },
    };
    stubTeamApi(replyOf(capped));
    renderScreen(<FieldFiguresScreen />);
    const meanings = await screen.findByTestId('field-vitals-meanings');
    for (const metric of CORE_METRICS)
      expect(within(meanings).getByText(metric).nextElementSibling?.textContent).toBe(
        fieldFiguresCopy.vitals.meanings[metric],
      );
    expect(screen.getByTestId('field-not-counted').textContent).toBe(fieldFiguresCopy.notCounted);
    expect(screen.getByText(fieldFiguresCopy.funnel.sources)).toBeTruthy();
    expect(screen.getByText(fieldFiguresCopy.funnel.capped)).toBeTruthy();
    const funnel = screen.getByTestId('field-funnel');
    const sent = within(funnel).getByRole('row', { name: new RegExp(fieldFiguresCopy.steps.idea_sent) });
    expect(within(sent).getAllByRole('cell')[1]!.textContent).toBe(percent(1));
    expect(within(funnel).getByRole('rowheader', { name: fieldFiguresCopy.steps.meeting })).toBeTruthy();
  });
});
