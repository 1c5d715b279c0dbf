/**
 * The members screen against a stubbed /team/api (owners): the pending invites with re-issue and revoke, a member's
 * role and export-and-erase grant, each asked first and said after; a refusal shows the server's Korean message.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { teamErrorMessages } from '../../../content/workspace';
import { workspaceShellCopy } from '../../../content/workspace-shell';
import type { MeAnswer, MembersAnswer } from '../../../domain/team-auth-api';
import { ApiReply, renderScreen, stubTeamApi } from '../../../../test-support/web/team-api';
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

/** The members' answer unless `reply` names another (a status with its body). */
const stubApi = (reply: (method: string, url: string) => ApiReply | undefined) =>
  stubTeamApi((method, url) => reply(method, url) ?? answer);

describe('the members screen', () => {
  it('lists pending invites; revokes one after asking, re-issues another, and says so', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const calls = stubApi((method) =>
      method === 'DELETE'
        ? new ApiReply(204)
        : method === 'POST'
          ? new ApiReply(200, { email: 'new@mvp24.example', expiresAt: '2026-11-27T00:00:00.000Z', mailed: true })
          : undefined,
    );
    renderScreen(<MembersScreen />, { me });
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
    renderScreen(<MembersScreen />, { me });
    const invite = await screen.findByTestId('invite');
    fireEvent.click(within(invite).getByRole('button', { name: copy.revoke('new@mvp24.example') }));
    fireEvent.click(screen.getByRole('button', { name: copy.makeOwner('member@mvp24.example') }));
    fireEvent.click(screen.getByRole('button', { name: copy.grantOn('member@mvp24.example') }));
    // Whatever the clicks started has run once React and the promises it queued are done.
    await act(async () => {});
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('changes a role and gives the export-and-erase grant; the owner row offers neither for itself', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const calls = stubApi((method) => (method === 'POST' ? new ApiReply(204) : undefined));
    renderScreen(<MembersScreen />, { me });
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
        ? new ApiReply(409, { error: { code: 'last_owner', message: teamErrorMessages.last_owner } })
        : undefined,
    );
    renderScreen(<MembersScreen />, { me });
    const [, member] = await screen.findAllByTestId('member');
    fireEvent.click(within(member!).getByRole('button', { name: copy.makeOwner('member@mvp24.example') }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(teamErrorMessages.last_owner));
  });
});
