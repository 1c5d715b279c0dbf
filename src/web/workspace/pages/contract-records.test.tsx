/**
 * The 「보관 중인 계약 기록」 screen against a stubbed /team/api (decision 160): each kept agreement with its
 * conclusion day, customer, reference, total and purge day, a link to its PDF, and a record whose fingerprint no
 * longer verifies marked; an empty list said so.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractRecordsCopy as copy } from '../../../content/contract-records';
import { CONTRACT_RECORDS_PATH, contractRecordPdfPath, type KeptContractList } from '../../../domain/contract-records';
import { formatWon } from '../../../domain/quote';
import { ContractRecordsScreen } from './contract-records';
import { renderScreen, stubTeamApi } from '../../../../test-support/web/team-api';

const ID = '0d9c6a52-3f0e-4f5b-9a77-5e2b8c1d4a10';
const list: KeptContractList = {
  years: 5,
  records: [
    {
      id: ID,
      reference: '5b2d91aa',
      concludedAt: '2026-11-28T05:10:00.000Z',
      party: '주식회사 빵집연구소',
      total: 1_650_000,
      purgeAfter: '2031-11-28T05:10:00.000Z',
      intact: true,
    },
    {
      id: 'f1c0a6b2-7d44-4c1e-8b0a-2a9f3e6d5c21',
      reference: 'aa01bb02',
      concludedAt: '2026-10-01T01:00:00.000Z',
      party: '이개인',
      total: 330_000,
      purgeAfter: '2031-10-01T01:00:00.000Z',
      intact: false,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the 보관 중인 계약 기록 screen', () => {
  it('lists each kept agreement with its PDF link, and marks one that no longer verifies', async () => {
    const calls = stubTeamApi(() => list);
    renderScreen(<ContractRecordsScreen />);
    const table = await screen.findByTestId('contract-records');
    expect(screen.getByText(copy.lead(5))).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    for (const text of [
      '2026년 11월 28일 (토)',
      '주식회사 빵집연구소',
      '5b2d91aa',
      formatWon(1_650_000),
      '2031년 11월 28일 (금)',
    ])
      expect(within(first).getByText(text)).toBeTruthy();
    expect(within(first).getByRole('link', { name: copy.pdf }).getAttribute('href')).toBe(contractRecordPdfPath(ID));
    expect(within(first).queryByText(copy.broken)).toBeNull();
    expect(within(rows[1]!).getByText(copy.broken)).toBeTruthy();
    expect(calls.filter((call) => call.url === CONTRACT_RECORDS_PATH).map((call) => call.method)).toEqual(['GET']);
  });

  it('says when none is kept', async () => {
    stubTeamApi(() => ({ years: 5, records: [] }));
    renderScreen(<ContractRecordsScreen />);
    expect(await screen.findByText(copy.empty)).toBeTruthy();
  });
});
