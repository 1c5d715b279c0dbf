/**
 * The agreement on the lead page against a stubbed /team/api (decision 150): the form appears only for an accepted
 * current quote without one and posts the schedule; a signed agreement shows the founder's tax details and asks
 * before countersigning; a concluded one offers to mark the deposit received.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractTeamCopy } from '../../../../content/contract';
import type { ContractView } from '../../../../domain/contract';
import { quoteTotals, type QuoteView } from '../../../../domain/quote';
import {
  leadContractCountersignPath,
  leadContractDepositPath,
  leadContractsPath,
  type ThreadView,
} from '../../../../domain/thread';
import { createWorkspaceQueryClient } from '../../api/query-client';
import { ThreadPanel } from './thread-panel';

const ID = '1234abcd-0000-4000-8000-000000000001';
const items = [{ description: '기획', quantity: 1, unitPrice: 1_500_000 }];
const quote: QuoteView = {
  id: '1234abcd-0000-4000-8000-0000000000b1',
  version: 1,
  createdAt: '2026-11-24T10:00:00.000Z',
  items,
  totals: quoteTotals(items),
  validUntil: '2026-12-08',
  notes: '',
  acceptedAt: '2026-11-24T11:00:00.000Z',
  acceptedName: '김신청',
  acceptedSha256: 'a'.repeat(64),
  acceptanceIntact: true,
  supersededAt: null,
  withdrawnAt: null,
};
const contract: ContractView = {
  id: '1234abcd-0000-4000-8000-0000000000c1',
  createdAt: '2026-11-24T12:00:00.000Z',
  quoteId: quote.id,
  quoteVersion: 1,
  quoteSha256: 'a'.repeat(64),
  items,
  schedule: '12월 1일 착수',
  depositPercent: 50,
  signedAt: '2026-11-24T13:00:00.000Z',
  signedName: '김신청',
  sha256: 'b'.repeat(64),
  intact: true,
  tax: {
    kind: 'business',
    businessNumber: '2208162517',
    company: '빵집연구소',
    representative: '김대표',
    businessType: '서비스업',
    businessItem: '소프트웨어 개발',
    invoiceEmail: 'tax@example.com',
  },
  countersignedAt: null,
  countersignedBy: null,
  depositReceivedAt: null,
};
const message = (withQuote: QuoteView) => ({
  id: '1234abcd-0000-4000-8000-0000000000a1',
  at: '2026-11-24T10:00:00.000Z',
  side: 'team' as const,
  memberEmail: 'owner@mvp24.example',
  body: '견적서입니다.',
  memo: null,
  quote: withQuote,
});

function serve(views: ThreadView[]) {
  const posted: { url: string; body: unknown }[] = [];
  let current = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        current = Math.min(current + 1, views.length - 1);
      }
      return new Response(JSON.stringify(views[current]), { headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={createWorkspaceQueryClient()}>
      <ThreadPanel leadId={ID} />
    </QueryClientProvider>,
  );
  return posted;
}

afterEach(() => vi.unstubAllGlobals());

describe('the agreement on the lead page', () => {
  it('sends one from the accepted quote with the schedule', async () => {
    const sent = { ...contract, signedAt: null, signedName: null, sha256: null, intact: null, tax: null };
    const posted = serve([
      { messages: [message(quote)], contracts: [] },
      { messages: [message(quote)], contracts: [sent] },
    ]);
    const form = await screen.findByTestId('contract-form');
    fireEvent.change(within(form).getByLabelText(contractTeamCopy.schedule), { target: { value: ' 12월 1일 착수 ' } });
    fireEvent.click(within(form).getByRole('button', { name: contractTeamCopy.send }));
    await waitFor(() => expect(screen.getByTestId('contract').dataset.state).toBe('sent'));
    expect(posted).toEqual([{ url: leadContractsPath(ID), body: { quoteId: quote.id, schedule: '12월 1일 착수' } }]);
    // One per quote: no form once it has one.
    expect(screen.queryByTestId('contract-form')).toBeNull();
  });

  it('shows no form for a quote not accepted', async () => {
    serve([{ messages: [message({ ...quote, acceptedAt: null, acceptedSha256: null })], contracts: [] }]);
    await screen.findAllByTestId('thread-message');
    expect(screen.queryByTestId('lead-contract')).toBeNull();
  });

  it('shows the tax details, asks before countersigning, then offers the deposit', async () => {
    const concluded = {
      ...contract,
      countersignedAt: '2026-11-24T14:00:00.000Z',
      countersignedBy: 'owner@mvp24.example',
    };
    const posted = serve([
      { messages: [message(quote)], contracts: [contract] },
      { messages: [message(quote)], contracts: [concluded] },
      { messages: [message(quote)], contracts: [{ ...concluded, depositReceivedAt: '2026-11-25T01:00:00.000Z' }] },
    ]);
    const card = await screen.findByTestId('contract');
    expect(within(card).getByTestId('contract-tax').textContent).toContain('220-81-62517');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(within(card).getByRole('button', { name: contractTeamCopy.countersign }));
    expect(posted).toHaveLength(0);
    fireEvent.click(within(card).getByRole('button', { name: contractTeamCopy.countersign }));
    await waitFor(() => expect(screen.getByTestId('contract').dataset.state).toBe('concluded'));
    expect(confirm).toHaveBeenCalledWith(contractTeamCopy.countersignConfirm);
    fireEvent.click(screen.getByRole('button', { name: contractTeamCopy.depositMark }));
    await screen.findByTestId('contract-deposit-received');
    expect(posted.map((post) => post.url)).toEqual([
      leadContractCountersignPath(ID, contract.id),
      leadContractDepositPath(ID, contract.id),
    ]);
  });
});
