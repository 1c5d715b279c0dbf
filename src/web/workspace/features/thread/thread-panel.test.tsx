/**
 * The thread panel against a stubbed /team/api: the messages both ways (the founder's memo playable), a template
 * filled into the message box to be edited, the edited text posted, and the quote form's sums as typed — the
 * domain's, so 공급가액, 부가세 and 합계 agree with the server's.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quoteFormCopy } from '../../../../content/quote';
import { threadPanelCopy, threadTemplates } from '../../../../content/thread';
import { formatKst } from '../../../../domain/kst';
import { formatWon, quoteTotals, type QuoteView } from '../../../../domain/quote';
import {
  leadQuotePrintPath,
  leadQuoteWithdrawPath,
  leadThreadBounceClearPath,
  leadThreadMemoPath,
  leadThreadMessagesPath,
  leadThreadPath,
  type ThreadView,
} from '../../../../domain/thread';
import { createWorkspaceQueryClient } from '../../api/query-client';
import { ThreadPanel } from './thread-panel';
import { threadKey } from './thread-queries';

const ID = '1234abcd-0000-4000-8000-000000000001';
const MEMO_ID = '1234abcd-0000-4000-8000-0000000000aa';
const thread: ThreadView = {
  messages: [
    {
      id: '1234abcd-0000-4000-8000-0000000000a1',
      at: '2026-11-24T10:00:00.000Z',
      side: 'team',
      memberEmail: 'owner@mvp24.example',
      body: '주 사용자는 누구인가요?',
      memo: null,
      quote: null,
    },
    {
      id: MEMO_ID,
      at: '2026-11-24T11:00:00.000Z',
      side: 'founder',
      memberEmail: null,
      body: '사장님들입니다 <b>굵게</b>',
      memo: { durationMs: 4000, byteSize: 1000, mimeType: 'audio/webm' },
      quote: null,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

/** A quote of the lead, version `version`, with its thread message. */
const quote = (version: number, changes: Partial<QuoteView> = {}): QuoteView => {
  const items = [{ description: `기획 ${version}차`, quantity: version, unitPrice: 100_000 }];
  return {
    id: `1234abcd-0000-4000-8000-00000000000${version}`,
    version,
    createdAt: '2026-11-24T10:00:00.000Z',
    items,
    totals: quoteTotals(items),
    validUntil: '2099-12-31',
    notes: `비고 ${version}`,
    acceptedAt: null,
    acceptedName: null,
    acceptedSha256: null,
    acceptanceIntact: null,
    supersededAt: null,
    withdrawnAt: null,
    ...changes,
  };
};
const message = (version: number, changes?: Partial<QuoteView>) => ({
  id: `1234abcd-0000-4000-8000-0000000000b${version}`,
  at: '2026-11-24T10:00:00.000Z',
  side: 'team' as const,
  memberEmail: 'owner@mvp24.example',
  body: '',
  memo: null,
  quote: quote(version, changes),
});

describe('the thread panel', () => {
  it('shows both sides, fills a template to edit, and posts the edited text', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posted.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify(thread), { headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <QueryClientProvider client={createWorkspaceQueryClient()}>
        <ThreadPanel leadId={ID} />
      </QueryClientProvider>,
    );
    const messages = await screen.findAllByTestId('thread-message');
    expect(messages.map((message) => message.dataset.side)).toEqual(['team', 'founder']);
    expect(within(messages[1]!).getByText('사장님들입니다 <b>굵게</b>')).toBeTruthy();
    expect(messages[1]!.querySelector('audio')!.getAttribute('src')).toBe(leadThreadMemoPath(ID, MEMO_ID));
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe(leadThreadPath(ID));

    fireEvent.click(screen.getByRole('button', { name: threadTemplates[0].label }));
    const box = screen.getByLabelText(threadPanelCopy.message) as HTMLTextAreaElement;
    expect(box.value).toBe(threadTemplates[0].body);
    // One template for another: nothing of the member's own is lost, so no question.
    fireEvent.click(screen.getByRole('button', { name: threadTemplates[1].label }));
    expect(box.value).toBe(threadTemplates[1].body);
    fireEvent.click(screen.getByRole('button', { name: threadTemplates[0].label }));
    fireEvent.change(box, { target: { value: `${box.value}\n추가 질문` } });
    // The member's own words: a template asks before it replaces them, and keeping them changes nothing.
    fireEvent.click(screen.getByRole('button', { name: threadTemplates[1].label }));
    expect(
      within(screen.getByTestId('template-ask')).getByText(threadPanelCopy.replaceAsk(threadTemplates[1].label)),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: threadPanelCopy.replace }));
    fireEvent.click(screen.getByRole('button', { name: threadPanelCopy.keep }));
    expect(screen.queryByTestId('template-ask')).toBeNull();
    expect(box.value).toBe(`${threadTemplates[0].body}\n추가 질문`);
    fireEvent.click(screen.getByRole('button', { name: threadTemplates[1].label }));
    fireEvent.click(screen.getByRole('button', { name: threadPanelCopy.replace }));
    expect(box.value).toBe(threadTemplates[1].body);
    fireEvent.change(box, { target: { value: `${threadTemplates[0].body}\n추가 질문` } });
    fireEvent.click(screen.getByRole('button', { name: threadPanelCopy.send }));
    await waitFor(() =>
      expect(posted).toEqual([
        { url: leadThreadMessagesPath(ID), body: { body: `${threadTemplates[0].body}\n추가 질문` } },
      ]),
    );
    expect(await screen.findByText(threadPanelCopy.sent)).toBeTruthy();
  });

  it("shows the team a bounce (「메일 반송」, cleared on request) and a stranger's reply kept aside", async () => {
    const withMail: ThreadView = {
      messages: [],
      mail: {
        bouncedAt: '2026-11-28T05:03:15.000Z',
        aside: [
          {
            at: '2026-11-28T05:10:00.000Z',
            sender: 'someone.else@example.com',
            subject: 'Re: [24시간 MVP] 팀의 메시지가 도착했습니다',
            body: '제가 대신 답장드립니다.',
          },
        ],
      },
    };
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posted.push(url);
        const answer =
          init?.method === 'POST' ? { ...withMail, mail: { ...withMail.mail!, bouncedAt: null } } : withMail;
        return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
      }),
    );
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    render(
      <QueryClientProvider client={createWorkspaceQueryClient()}>
        <ThreadPanel leadId={ID} />
      </QueryClientProvider>,
    );
    const bounced = await screen.findByTestId('thread-bounced');
    expect(within(bounced).getByText(threadPanelCopy.bouncedBadge)).toBeTruthy();
    expect(bounced.textContent).toContain(threadPanelCopy.bounced(formatKst('2026-11-28T05:03:15.000Z')));
    const aside = screen.getByRole('region', { name: threadPanelCopy.aside });
    expect(within(aside).getByText('제가 대신 답장드립니다.')).toBeTruthy();
    expect(
      within(aside).getByText(
        threadPanelCopy.asideFrom('someone.else@example.com', formatKst('2026-11-28T05:10:00.000Z')),
      ),
    ).toBeTruthy();
    expect(screen.queryAllByTestId('thread-message')).toEqual([]);
    // The address checked: the mark cleared, asked first.
    fireEvent.click(within(bounced).getByRole('button', { name: threadPanelCopy.clearBounce }));
    expect(vi.mocked(window.confirm)).toHaveBeenCalledWith(threadPanelCopy.clearBounceConfirm);
    await waitFor(() => expect(screen.queryByTestId('thread-bounced')).toBeNull());
    expect(posted).toEqual([leadThreadBounceClearPath(ID)]);
  });

  it('sums the quote as it is typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ messages: [] }), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    render(
      <QueryClientProvider client={createWorkspaceQueryClient()}>
        <ThreadPanel leadId={ID} />
      </QueryClientProvider>,
    );
    const form = await screen.findByTestId('quote-form');
    fireEvent.change(within(form).getByLabelText(quoteFormCopy.quantity), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText(quoteFormCopy.unitPrice), { target: { value: '333333' } });
    const totals = within(form).getByTestId('quote-form-totals');
    expect(totals.textContent).toContain(formatWon(999_999));
    expect(totals.textContent).toContain(formatWon(99_999));
    expect(totals.textContent).toContain(formatWon(1_099_998));
  });

  it('shows each quote with its lines and state, starts the form from the latest, and withdraws an open one', async () => {
    const withQuotes: ThreadView = {
      messages: [message(1, { supersededAt: '2026-11-24T11:00:00.000Z' }), message(2)],
    };
    const posted: string[] = [];
    vi.stubGlobal('confirm', () => true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posted.push(url);
        return new Response(JSON.stringify(withQuotes), { headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <QueryClientProvider client={createWorkspaceQueryClient()}>
        <ThreadPanel leadId={ID} />
      </QueryClientProvider>,
    );
    const cards = await screen.findAllByTestId('thread-quote');
    expect(cards.map((card) => card.dataset.state)).toEqual(['superseded', 'open']);
    expect(within(cards[1]!).getByTestId('thread-quote-items').textContent).toContain('기획 2차');
    expect(within(cards[1]!).getByRole('link', { name: quoteFormCopy.print }).getAttribute('href')).toBe(
      leadQuotePrintPath(ID, quote(2).id),
    );
    // Only the open one can be withdrawn.
    expect(within(cards[0]!).queryByRole('button', { name: quoteFormCopy.withdraw })).toBeNull();
    const form = screen.getByTestId('quote-form');
    expect(within(form).getByTestId('quote-form-copied').textContent).toBe(quoteFormCopy.copiedFrom(2));
    expect((within(form).getByLabelText(quoteFormCopy.description) as HTMLInputElement).value).toBe('기획 2차');
    expect((within(form).getByLabelText(quoteFormCopy.notes) as HTMLTextAreaElement).value).toBe('비고 2');
    fireEvent.click(within(cards[1]!).getByRole('button', { name: quoteFormCopy.withdraw }));
    await waitFor(() => expect(posted).toEqual([leadQuoteWithdrawPath(ID, quote(2).id)]));
  });

  it("keeps a draft when another member's quote arrives, says so, starts from it on request and sends from it", async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const json = { 'content-type': 'application/json' };
        if (init?.method !== 'POST') return new Response(JSON.stringify({ messages: [message(1)] }), { headers: json });
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        // The server refuses a draft from a quote that is no longer the latest (thread.test.ts), takes one from it.
        return bodies.length === 1
          ? new Response(JSON.stringify({ error: { code: 'conflict', message: quoteFormCopy.stale } }), {
              status: 409,
              headers: json,
            })
          : new Response(JSON.stringify({ messages: [message(1), message(2), message(3)] }), { headers: json });
      }),
    );
    const client = createWorkspaceQueryClient();
    render(
      <QueryClientProvider client={client}>
        <ThreadPanel leadId={ID} />
      </QueryClientProvider>,
    );
    const form = await screen.findByTestId('quote-form');
    const notes = () => within(form).getByLabelText(quoteFormCopy.notes) as HTMLTextAreaElement;
    fireEvent.change(notes(), { target: { value: '1차에서 고치는 중' } });
    // Another member's 2차 arrives (live): the draft stays, the form says so.
    act(() => {
      client.setQueryData(threadKey(ID), { messages: [message(1), message(2)] });
    });
    const newer = await within(form).findByTestId('quote-form-newer');
    expect(newer.textContent).toContain(quoteFormCopy.newer(2));
    expect(notes().value).toBe('1차에서 고치는 중');
    // Sent as it is, it names the 1차 it started from (the server refuses that: thread.test.ts).
    fireEvent.click(within(form).getByRole('button', { name: quoteFormCopy.send }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ basedOn: quote(1).id, notes: '1차에서 고치는 중' });
    expect((await within(form).findByRole('alert')).textContent).toBe(quoteFormCopy.stale);
    expect(notes().value).toBe('1차에서 고치는 중');
    // Started again from 2차: its lines and 비고, no notice, and the next send names 2차.
    fireEvent.click(within(form).getByRole('button', { name: quoteFormCopy.restart(2) }));
    expect(within(form).queryByTestId('quote-form-newer')).toBeNull();
    expect(within(form).getByTestId('quote-form-copied').textContent).toBe(quoteFormCopy.copiedFrom(2));
    expect(notes().value).toBe('비고 2');
    expect((within(form).getByLabelText(quoteFormCopy.description) as HTMLInputElement).value).toBe('기획 2차');
    fireEvent.click(within(form).getByRole('button', { name: quoteFormCopy.send }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ basedOn: quote(2).id, notes: '비고 2' });
    // Its own quote back (3차 here): the form starts from it, with no notice.
    await waitFor(() =>
      expect(within(form).getByTestId('quote-form-copied').textContent).toBe(quoteFormCopy.copiedFrom(3)),
    );
    expect(within(form).queryByTestId('quote-form-newer')).toBeNull();
  });
});
