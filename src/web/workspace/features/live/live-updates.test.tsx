/**
 * Live updates in the signed-in workspace against a stubbed /team/api and a stand-in EventSource: an event makes the
 * open inbox fetch again and show the new lead, unread, with the count in the tab title; a lead given to me by a
 * colleague shows a notice with its link; the stream refused for good (the session ended: 401) shows the sign-in
 * screen.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { liveCopy, leadsCopy } from '../../../../content/workspace';
import { workspaceShellCopy } from '../../../../content/workspace-shell';
import type { LeadList } from '../../../../domain/workspace-api';
import { UNREAD_LEADS_PATH, WORKSPACE_EVENTS_PATH, type WorkspaceEvent } from '../../../../domain/workspace-events';
import { WorkspaceApp } from '../../app';
import { createWorkspaceQueryClient } from '../../api/query-client';

const ME = { id: '99999999-0000-4000-8000-000000000001', email: 'owner@mvp24.example', role: 'owner' as const };
const ID = '1234abcd-0000-4000-8000-000000000001';
const NOW = '2026-11-24T10:00:00.000Z';
const lead = {
  id: ID,
  reference: '1234abcd',
  name: '홍길동',
  email: 'gildong@example.com',
  summary: '동네 빵집 예약 앱',
  stage: 'new' as const,
  owner: null,
  voice: false,
  source: { channel: 'search' as const, source: 'naver', medium: '', campaign: '' },
  spamReason: null,
  releasedAt: null,
  closedAt: null,
  clock: {
    receivedAt: '2026-11-24T09:00:00.000Z',
    promisedBy: '2026-11-25T09:00:00.000Z',
    deliveredAt: null,
    closedAt: null,
    spam: false,
  },
};

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, () => void>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(event: Omit<WorkspaceEvent, 'id'>) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ id: 1, ...event }) }));
  }
}

function start(state: { leads: (typeof lead)[]; signedIn: boolean }) {
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      if (!state.signedIn)
        return new Response(JSON.stringify({ error: { code: 'unauthorized', message: '로그인이 필요해요.' } }), {
          status: 401,
        });
      const answer =
        path === '/team/api/me'
          ? ME
          : path === UNREAD_LEADS_PATH
            ? { count: state.leads.length, ids: state.leads.map((each) => each.id) }
            : path === '/team/api/leads/figures'
              ? {
                  month: '2026-11',
                  received: 0,
                  due: 0,
                  deliveredInTime: 0,
                  medianMinutesToPrototype: null,
                  overdueNow: 0,
                }
              : ({
                  now: NOW,
                  page: 1,
                  pageSize: 25,
                  total: state.leads.length,
                  totalCapped: false,
                  leads: state.leads,
                } satisfies LeadList);
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const { hook } = memoryLocation({ path: '/' });
  render(
    <QueryClientProvider client={createWorkspaceQueryClient()}>
      <Router hook={hook}>
        <WorkspaceApp />
      </Router>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

describe('live updates', () => {
  it('shows a new lead in the open inbox, unread, with the count in the tab title', async () => {
    const state = { leads: [] as (typeof lead)[], signedIn: true };
    start(state);
    await screen.findByText(leadsCopy.inbox.empty);
    const source = FakeEventSource.opened.at(-1)!;
    expect(source.url).toBe(WORKSPACE_EVENTS_PATH);
    state.leads = [lead];
    act(() => source.emit({ kind: 'lead_received', ideaId: ID, memberId: null, actorId: null }));
    expect(await screen.findByRole('link', { name: new RegExp(lead.name) })).toBeTruthy();
    expect(screen.getByText(liveCopy.unread)).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe(`${liveCopy.titleCount(1)} ${leadsCopy.inbox.title} · ${workspaceShellCopy.title}`),
    );
  });

  it('tells me when a colleague gives me a lead, with its link', async () => {
    start({ leads: [lead], signedIn: true });
    await screen.findByRole('link', { name: new RegExp(lead.name) });
    const source = FakeEventSource.opened.at(-1)!;
    act(() => source.emit({ kind: 'lead_assigned', ideaId: ID, memberId: ME.id, actorId: 'someone-else' }));
    const notice = await screen.findByTestId('assigned-notice');
    expect(notice.textContent).toContain(liveCopy.assigned(lead.reference));
    // My own assignment to myself says nothing.
    act(() => screen.getByRole('button', { name: liveCopy.dismiss }).click());
    act(() => source.emit({ kind: 'lead_assigned', ideaId: ID, memberId: ME.id, actorId: ME.id }));
    expect(screen.queryByTestId('assigned-notice')).toBeNull();
  });

  it('shows the sign-in screen when the stream is refused for good (the session ended)', async () => {
    const state = { leads: [lead], signedIn: true };
    start(state);
    await screen.findByRole('link', { name: new RegExp(lead.name) });
    const source = FakeEventSource.opened.at(-1)!;
    state.signedIn = false;
    act(() => {
      source.readyState = FakeEventSource.CLOSED;
      source.onerror?.();
    });
    expect(await screen.findByRole('heading', { name: workspaceShellCopy.signIn.title })).toBeTruthy();
  });
});
