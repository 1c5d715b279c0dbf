/**
 * The inbox and a lead's page against a stubbed /team/api: the rows with their clocks, filters that ask the server
 * again, and the lead page's links, memo player, stage change with its link, and erasure behind the typed reference.
 * Export and erasure show only to a member who may use them (an owner, or a member an owner allowed).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { retentionPromise } from '../../../content/privacy';
import { leadsCopy, memoPlayerCopy, teamErrorMessages } from '../../../content/workspace';
import type { MeAnswer } from '../../../domain/team-auth-api';
import type { LeadDetail, LeadFigures, LeadList } from '../../../domain/workspace-api';
import { ApiReply, renderScreen, stubTeamApi } from '../../../../test-support/web/team-api';
import { applyWorkspaceEvent } from '../features/live/live-updates';
import { InboxScreen } from './inbox';
import { LeadScreen } from './lead';

const NOW = '2026-11-24T10:00:00.000Z';
const ID = '1234abcd-0000-4000-8000-000000000001';
const summary = {
  id: ID,
  reference: '1234abcd',
  name: '홍길동',
  email: 'gildong@example.com',
  summary: '동네 빵집 예약 앱',
  stage: 'new' as const,
  owner: null,
  voice: true,
  source: { channel: 'search' as const, source: 'naver', medium: '', campaign: '' },
  spamReason: null,
  releasedAt: null,
  closedAt: null,
  clock: {
    receivedAt: '2026-11-23T09:00:00.000Z',
    promisedBy: '2026-11-24T09:00:00.000Z',
    deliveredAt: null,
    closedAt: null,
    spam: false,
  },
};
const list: LeadList = { now: NOW, page: 1, pageSize: 25, total: 1, totalCapped: false, leads: [summary] };
const figures: LeadFigures = {
  month: '2026-11',
  received: 7,
  deliveredInTime: 5,
  medianMinutesToPrototype: 19.5 * 60,
  due: 6,
  overdueNow: 1,
};
const detail: LeadDetail = {
  ...summary,
  idea: '동네 빵집 예약 앱\n둘째 줄',
  phone: '010-1234-5678',
  prototypeUrl: null,
  memo: { mimeType: 'audio/webm', durationMs: 3000, byteSize: 4000 },
  consent: { version: 'aecb0359e350', at: '2026-11-23T09:00:00.000Z' },
  delivery: { status: 'sent', attempts: 1, sentAt: '2026-11-23T09:00:05.000Z', lastError: null },
  timeline: [
    { kind: 'received', at: '2026-11-23T09:00:00.000Z' },
    { kind: 'mail_sent', at: '2026-11-23T09:00:05.000Z' },
  ],
  contractConcluded: false,
  members: [{ id: '99999999-0000-4000-8000-000000000001', email: 'owner@mvp24.example' }],
  now: NOW,
};

/** The lead page's thread panel (features/thread/) reads the lead's thread: an empty one here. */
const stubApi = (answer: (method: string, url: string, body: unknown) => unknown) =>
  stubTeamApi((method, url, body) =>
    method === 'GET' && url.endsWith('/thread') ? { messages: [] } : answer(method, url, body),
  );

const owner: MeAnswer = { id: '99999999-0000-4000-8000-000000000001', email: 'owner@mvp24.example', role: 'owner' };
const plainMember: MeAnswer = {
  id: '99999999-0000-4000-8000-000000000002',
  email: 'member@mvp24.example',
  role: 'member',
  mayExportErase: false,
};

const renderAt = (path: string, children: ReactNode, me: MeAnswer = owner) => renderScreen(children, { me, path });

describe('the inbox', () => {
  it('lists leads with their clock, stage and voice badge, shows the figures, and filters on the server', async () => {
    const calls = stubApi((_method, url) => (url.includes('/figures') ? figures : list));
    renderAt('/', <InboxScreen />);
    const row = await screen.findByRole('link', { name: /홍길동/ });
    expect(row.getAttribute('href')).toBe(`/leads/${ID}`);
    expect(row.textContent).toMatch(/(59분|1시간 0분) 지남/);
    expect(row.textContent).toContain('신규');
    expect(row.textContent).toContain('음성 메모');
    expect(await screen.findByText('5 / 6')).toBeTruthy();
    expect(screen.getByText('19시간 30분')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('24시간 넘긴 것만'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('overdue=true'))).toBe(true));
    fireEvent.change(screen.getByLabelText('단계'), { target: { value: 'reviewing' } });
    await waitFor(() => expect(calls.some((call) => call.url.includes('stage=reviewing'))).toBe(true));
    // By where the leads came from (decision 134).
    fireEvent.change(screen.getByLabelText('유입 채널'), { target: { value: 'social' } });
    await waitFor(() => expect(calls.some((call) => call.url.includes('channel=social'))).toBe(true));
    fireEvent.change(screen.getByLabelText('검색'), { target: { value: 'gildong' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('q=gildong'))).toBe(true));
  });

  it('shows the CSV export to an owner and to a member an owner allowed, never to another member', async () => {
    stubApi((_method, url) => (url.includes('/figures') ? figures : list));
    const exportButton = () => screen.queryByRole('button', { name: leadsCopy.export.submit });
    const first = renderAt('/', <InboxScreen />);
    await screen.findByRole('link', { name: /홍길동/ });
    expect(exportButton()).not.toBeNull();
    first.unmount();
    const second = renderAt('/', <InboxScreen />, { ...plainMember, mayExportErase: true });
    await screen.findByRole('link', { name: /홍길동/ });
    expect(exportButton()).not.toBeNull();
    second.unmount();
    renderAt('/', <InboxScreen />, plainMember);
    await screen.findByRole('link', { name: /홍길동/ });
    expect(await screen.findByText('5 / 6')).toBeTruthy();
    expect(exportButton()).toBeNull();
  });
});

describe('a lead page', () => {
  it('shows the idea, contact links and the memo player, and moves the lead to 프로토타입 전달 with its link', async () => {
    const calls = stubApi((method, url, body) =>
      method === 'POST' && url.endsWith('/stage')
        ? {
            ...detail,
            stage: 'delivered',
            prototypeUrl: (body as { prototypeUrl: string }).prototypeUrl,
            clock: { ...detail.clock, deliveredAt: NOW },
          }
        : detail,
    );
    const { container } = renderAt(`/leads/${ID}`, <Route path="/leads/:id" component={LeadScreen} />);
    // Opening a lead puts the focus on its heading (not the body).
    const heading = await screen.findByRole('heading', { name: '홍길동님의 아이디어' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('link', { name: 'gildong@example.com' }).getAttribute('href')).toBe(
      'mailto:gildong@example.com',
    );
    expect(screen.getByRole('link', { name: '010-1234-5678' }).getAttribute('href')).toBe('tel:01012345678');
    const audio = container.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe(`/team/api/leads/${ID}/memo`);
    // A recorder's WebM declares no length: the player's controls take the stored one (3 s) and seek within it.
    const slider = screen.getByRole('slider', { name: memoPlayerCopy.position });
    expect(slider.getAttribute('max')).toBe('3');
    expect(screen.getByTestId('memo-time').textContent).toBe(memoPlayerCopy.time('0:00', '0:03'));
    fireEvent.change(slider, { target: { value: '2' } });
    expect(audio.currentTime).toBe(2);
    expect(screen.getByTestId('memo-time').textContent).toBe(memoPlayerCopy.time('0:02', '0:03'));
    expect(screen.getByRole('button', { name: memoPlayerCopy.play })).toBeTruthy();
    expect(screen.getByTestId('lead-delivery').textContent).toContain('발송 완료');
    // Consent on record: the notice's version the visitor was shown, and when (KST).
    expect(screen.getByTestId('lead-consent').textContent).toMatch(/처리방침 버전 aecb0359e350 · 2026년 11월 23일/);
    // Where the founder came from: the channel, then the source the link named.
    expect(screen.getByTestId('lead-source').textContent).toBe('검색 · 출처 naver');

    fireEvent.change(screen.getByLabelText('단계'), { target: { value: 'delivered' } });
    fireEvent.change(screen.getByLabelText(/프로토타입 링크/), { target: { value: 'https://proto.example/app' } });
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: '저장' })[0]!);
    });
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        url: `/team/api/leads/${ID}/stage`,
        body: { stage: 'delivered', prototypeUrl: 'https://proto.example/app' },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('lead-clock').textContent).toContain('만에 전달'));
  });

  it('clears 「저장했어요.」 when the next change is blocked (an empty link), sending nothing', async () => {
    const calls = stubApi(() => detail);
    renderAt(`/leads/${ID}`, <Route path="/leads/:id" component={LeadScreen} />);
    await screen.findByRole('heading', { name: '홍길동님의 아이디어' });
    fireEvent.change(screen.getByLabelText('단계'), { target: { value: 'building' } });
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: '저장' })[0]!);
    });
    expect(await screen.findByText('저장했어요.')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST').length;
    fireEvent.change(screen.getByLabelText('단계'), { target: { value: 'delivered' } });
    expect(screen.queryByText('저장했어요.')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: '저장' })[0]!);
    });
    expect(screen.queryByText('저장했어요.')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(posts);
  });

  it('erases only once the reference is typed again', async () => {
    const calls = stubApi((method) => (method === 'DELETE' ? { erased: true } : detail));
    renderAt(`/leads/${ID}`, <Route path="/leads/:id" component={LeadScreen} />);
    fireEvent.click(await screen.findByRole('button', { name: '이 아이디어 완전히 삭제' }));
    const dialog = await screen.findByRole('dialog');
    // No agreement concluded: nothing is said to be kept.
    expect(screen.queryByTestId('erase-keeps-contract')).toBeNull();
    const confirm = screen.getByRole('button', { name: '삭제' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('접수 번호'), { target: { value: '1234abcx' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('접수 번호'), { target: { value: '1234ABCD' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await screen.findByText(/삭제했어요/);
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ body: { confirm: '1234ABCD' } });
    expect(dialog.isConnected).toBe(false);
  });

  it('says in the erase dialog that the records of a concluded agreement are kept apart (decision 160)', async () => {
    stubApi(() => ({ ...detail, contractConcluded: true }));
    renderAt(`/leads/${ID}`, <Route path="/leads/:id" component={LeadScreen} />);
    fireEvent.click(await screen.findByRole('button', { name: '이 아이디어 완전히 삭제' }));
    expect((await screen.findByTestId('erase-keeps-contract')).textContent).toBe(
      leadsCopy.lead.eraseKeepsContract(retentionPromise.contractYears),
    );
  });

  it('says the founder erased the lead when it goes while open, with no name left in the tab', async () => {
    let erased = false;
    stubApi(() =>
      erased ? new ApiReply(404, { error: { code: 'not_found', message: teamErrorMessages.not_found } }) : detail,
    );
    const { client } = renderAt(`/leads/${ID}`, <Route path="/leads/:id" component={LeadScreen} />);
    await screen.findByRole('heading', { name: '홍길동님의 아이디어' });
    expect(document.title).toContain('홍길동');
    erased = true;
    act(() => applyWorkspaceEvent(client, { id: 7, kind: 'lead_erased', ideaId: ID, memberId: null, actorId: null }));
    expect((await screen.findByTestId('lead-erased')).textContent).toBe(leadsCopy.lead.erasedBy.founder);
    await waitFor(() => expect(document.title).toContain(leadsCopy.lead.goneTitle));
    expect(document.title).not.toContain('홍길동');
    expect(screen.queryByText(teamErrorMessages.not_found)).toBeNull();
  });

  it("credits the founder's answer and confirmation to 신청자 on the timeline, not to 시스템", async () => {
    stubApi(() => ({
      ...detail,
      timeline: [
        ...detail.timeline,
        { kind: 'answer', at: NOW, memberEmail: null },
        { kind: 'quote_accepted', at: NOW, memberEmail: null },
        { kind: 'message', at: NOW, memberEmail: 'owner@mvp24.example' },
      ],
    }));
    renderAt(`/leads/${ID}`, <Route path="/leads/:id" component={LeadScreen} />);
    const entries = within(await screen.findByTestId('lead-timeline')).getAllByRole('listitem');
    const last = entries.slice(-3).map((entry) => entry.textContent);
    expect(last[0]).toContain(`· ${leadsCopy.lead.by.founder}`);
    expect(last[1]).toContain(`· ${leadsCopy.lead.by.founder}`);
    expect(last[2]).toContain('· owner@mvp24.example');
    for (const text of last) expect(text).not.toContain(leadsCopy.lead.by.system);
  });

  it('offers no erasure to a member without the grant', async () => {
    stubApi(() => detail);
    renderAt(`/leads/${ID}`, <Route path="/leads/:id" component={LeadScreen} />, plainMember);
    await screen.findByRole('heading', { name: '홍길동님의 아이디어' });
    expect(screen.getByRole('heading', { name: leadsCopy.lead.actionsHeading })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '이 아이디어 완전히 삭제' })).toBeNull();
  });
});
