/**
 * The members screen against a stubbed /team/api (owners): the pending invites with re-issue and revoke, a member's
 * role and export-and-erase grant, each asked first and said after; a refusal shows the server's Korean message.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { teamErrorMessages } from '../../../content/workspace';
import { workspaceShellCopy } from '../../../content/workspace-shell';
import type { MeAnswer, MembersAnswer } from '../../../domain/team-auth-api';
import { ME_KEY } from '../api/query-client';
import { MembersScreen } from './members';

const copy = workspaceShellCopy.members;
const me: MeAnswer = { id: '99999999-0000-4000-8000-000000000001', email: 'owner@mvp24.example', role: 'owner' };
const MEMBER_ID = '99999999-0000-4000-8000-000000000002';
const answer: MembersAnswer = {
  members: [
    {
      id: me.id,
      email: me.email,
      role: 'owner',
      createdAt: '2026-11-20T00:00:00.000Z',
      passkeys: 1,
      lastSignInAt: null,
      mayExportErase: true,
    },
    {
      id: MEMBER_ID,
      email: 'member@mvp24.example',
      role: 'member',
      createdAt: '2026-11-21T00:00:00.000Z',
      passkeys: 1,
      lastSignInAt: null,
      mayExportErase: false,
    },
  ],
  invites: [
    {
      id: '0123456789abcdef',
      email: 'new@mvp24.example',
      role: 'member',
      invitedBy: me.email,
      createdAt: '2026-11-25T00:00:00.000Z',
      expiresAt: '2026-11-26T00:00:00.000Z',
    },
  ],
};

type Reply = { status: number; body?: unknown };

function stubApi(reply: (method: string, url: string) => Reply | undefined) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = reply(method, url) ?? { status: 200, body: answer };
      return status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, me);
  return render(
    <QueryClientProvider client={client}>
      <MembersScreen />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the members screen', () => {
  it('lists pending invites; revokes one after asking, re-issues another, and says so', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const calls = stubApi((method) =>
      method === 'DELETE'
        ? { status: 204 }
        : method === 'POST'
          ? { status: 200, body: { email: 'new@mvp24.example', expiresAt: '2026-11-27T00:00:00.000Z', mailed: true } }
          : undefined,
    );
    renderScreen();
    const invite = await screen.findByTestId('invite');
    expect(invite.textContent).toContain('new@mvp24.example');
    expect(invite.textContent).toContain(copy.invitedBy(me.email));

    fireEvent.click(within(invite).getByRole('button', { name: copy.reissue('new@mvp24.example') }));
    expect(confirm).toHaveBeenLastCalledWith(copy.reissueConfirm('new@mvp24.example'));
    expect(await screen.findByText(copy.reissued('new@mvp24.example'))).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/team/api/members',
      body: { email: 'new@mvp24.example', role: 'member' },
    });

    fireEvent.click(within(invite).getByRole('button', { name: copy.revoke('new@mvp24.example') }));
    expect(await screen.findByText(copy.revoked('new@mvp24.example'))).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/team/api/invites/0123456789abcdef');
  });

  it('sends nothing when a question is answered no', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const calls = stubApi(() => undefined);
    renderScreen();
    const invite = await screen.findByTestId('invite');
    fireEvent.click(within(invite).getByRole('button', { name: copy.revoke('new@mvp24.example') }));
    fireEvent.click(screen.getByRole('button', { name: copy.makeOwner('member@mvp24.example') }));
    fireEvent.click(screen.getByRole('button', { name: copy.grantOn('member@mvp24.example') }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('changes a role and gives the export-and-erase grant; the owner row offers neither for itself', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const calls = stubApi((method) => (method === 'POST' ? { status: 204 } : undefined));
    renderScreen();
    const [mine, member] = await screen.findAllByTestId('member');
    expect(within(mine!).queryAllByRole('button')).toEqual([]);
    expect(member!.textContent).toContain(copy.notGranted);

    fireEvent.click(within(member!).getByRole('button', { name: copy.grantOn('member@mvp24.example') }));
    expect(await screen.findByText(copy.grantChanged('member@mvp24.example', true))).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/grant'))).toMatchObject({
      method: 'POST',
      url: `/team/api/members/${MEMBER_ID}/grant`,
      body: { exportErase: true },
    });

    fireEvent.click(within(member!).getByRole('button', { name: copy.makeOwner('member@mvp24.example') }));
    expect(await screen.findByText(copy.roleChanged('member@mvp24.example', copy.roles.owner))).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/role'))).toMatchObject({ body: { role: 'owner' } });
  });

  it("shows the server's refusal in Korean", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubApi((method) =>
      method === 'POST'
        ? { status: 409, body: { error: { code: 'last_owner', message: teamErrorMessages.last_owner } } }
        : undefined,
    );
    renderScreen();
    const [, member] = await screen.findAllByTestId('member');
    fireEvent.click(within(member!).getByRole('button', { name: copy.makeOwner('member@mvp24.example') }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(teamErrorMessages.last_owner));
  });
});
