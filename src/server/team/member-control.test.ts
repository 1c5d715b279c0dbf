/**
 * Owners in control of who is in and what they may do (issue 33 items 4, 5), on both databases: pending invites
 * listed and revoked (the link then answers invite_invalid), a re-issued invite revoking the earlier link, a role
 * changed for real and recorded (an invite never claims to change one), the last owner kept; export and erasure
 * refused to members unless an owner allowed it, the grant recorded and taken back at once; and what the records name.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEAM_AUTH_PATHS } from '../../domain/team-auth-api';
import { LEAD_EXPORT_PATH, LEADS_PATH, leadPath } from '../../domain/workspace-api';
import { signedIn, storeLead, TEAM_TEST_HOST } from '../../../test-support/server/lead-fixtures';
import { asMember, useTeamTestApp } from '../../../test-support/server/team-test-app';
import { APP_TEST_TIMEOUT_MS, DRIVERS } from '../../../test-support/server/test-database';
import { createInvite, InviteRoleError } from './members';

const ORIGIN = `https://${TEAM_TEST_HOST}`;

describe.each(DRIVERS)('owners control members on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  const team = useTeamTestApp(driver);
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let member: Awaited<ReturnType<typeof signedIn>>;

  beforeEach(async () => {
    owner = await signedIn(team.database, 'owner');
    member = await signedIn(team.database, 'member');
  });

  const call = (
    who: { headers: Record<string, string> },
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
  ) => asMember(team.app, who, method, url, body);

  /** Starts the invite's ceremony as the invited person would (http: the test app is not behind TLS). */
  const inviteStarts = async (token: string) =>
    (
      await team.app.inject({
        method: 'POST',
        url: TEAM_AUTH_PATHS.inviteOptions,
        headers: { host: TEAM_TEST_HOST, origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ token }),
      })
    ).statusCode;

  const actions = async () =>
    (await team.database.rows<{ action: string }>(sql`select action from access_records order by seq`)).map(
      (r) => r.action,
    );

  it('lists pending invites, revokes one (its link stops working), and a re-issued invite revokes the earlier link', async () => {
    const leaked = await createInvite(team.database, { email: 'boss@mvp24.example', role: 'owner' }, { actor: 'cli' });
    const other = await createInvite(team.database, { email: 'hire@mvp24.example', role: 'member' }, { actor: 'cli' });
    const list = await call(owner, 'GET', TEAM_AUTH_PATHS.members);
    expect(list.statusCode).toBe(200);
    const invites = list.json().invites as { id: string; email: string; role: string }[];
    expect(invites.map((invite) => `${invite.role}:${invite.email}`).sort()).toEqual([
      'member:hire@mvp24.example',
      'owner:boss@mvp24.example',
    ]);
    expect(list.body).not.toContain(leaked.token);
    const boss = invites.find((invite) => invite.email === 'boss@mvp24.example')!;
    expect((await call(member, 'DELETE', TEAM_AUTH_PATHS.invite(boss.id))).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', TEAM_AUTH_PATHS.invite(boss.id))).statusCode).toBe(204);
    expect(await inviteStarts(leaked.token)).toBe(400);
    expect((await call(owner, 'DELETE', TEAM_AUTH_PATHS.invite(boss.id))).statusCode).toBe(404);

    // Re-issued for the same address: the first link no longer works, the new one does.
    const again = await createInvite(team.database, { email: 'hire@mvp24.example', role: 'member' }, { actor: 'cli' });
    expect(await inviteStarts(other.token)).toBe(400);
    expect(await inviteStarts(again.token)).toBe(200);
    expect(await actions()).toEqual(expect.arrayContaining(['invite_created', 'members_listed', 'invite_revoked']));
    expect((await actions()).filter((action) => action === 'invite_revoked')).toHaveLength(2);
  });

  it('changes a role for real, recorded; an invite never claims to; the last owner stays', async () => {
    await expect(
      createInvite(team.database, { email: member.member.email, role: 'owner' }, { actor: 'cli' }),
    ).rejects.toBeInstanceOf(InviteRoleError);
    const byInvite = await call(owner, 'POST', TEAM_AUTH_PATHS.members, { email: member.member.email, role: 'owner' });
    expect(byInvite.statusCode).toBe(409);
    expect(byInvite.json().error.code).toBe('role_differs');

    expect(
      (await call(member, 'POST', TEAM_AUTH_PATHS.memberRole(member.member.id), { role: 'owner' })).statusCode,
    ).toBe(403);
    expect(
      (await call(owner, 'POST', TEAM_AUTH_PATHS.memberRole(member.member.id), { role: 'owner' })).statusCode,
    ).toBe(204);
    expect((await call(member, 'GET', TEAM_AUTH_PATHS.me)).json().role).toBe('owner');
    expect((await call(member, 'GET', TEAM_AUTH_PATHS.members)).statusCode).toBe(200);
    // Two owners: one may step down; then the last may not.
    expect(
      (await call(owner, 'POST', TEAM_AUTH_PATHS.memberRole(owner.member.id), { role: 'member' })).statusCode,
    ).toBe(204);
    const last = await call(member, 'POST', TEAM_AUTH_PATHS.memberRole(member.member.id), { role: 'member' });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('last_owner');
    const [record] = await team.database.rows<{ details: unknown }>(
      sql`select details from access_records where action = 'role_changed' order by seq limit 1`,
    );
    const details = typeof record!.details === 'string' ? JSON.parse(record!.details) : record!.details;
    expect(details).toMatchObject({ changedMemberId: member.member.id, from: 'member', to: 'owner' });
  });

  it('keeps export and erasure to owners unless an owner allows a member, recorded and taken back at once', async () => {
    const id = await storeLead(team.database);
    const exportAs = (who: typeof owner) => call(who, 'POST', LEAD_EXPORT_PATH, { reason: '월간 보고' });
    const eraseAs = (who: typeof owner) => call(who, 'DELETE', leadPath(id), { confirm: id.slice(0, 8) });
    const refused = await exportAs(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden_export_erase');
    expect((await eraseAs(member)).statusCode).toBe(403);
    expect((await team.database.rows(sql`select 1 from ideas`)).length).toBe(1);
    // What the screens read to hide the buttons (they are refused anyway).
    expect((await call(member, 'GET', TEAM_AUTH_PATHS.me)).json().mayExportErase).toBe(false);
    expect((await call(owner, 'GET', TEAM_AUTH_PATHS.me)).json().mayExportErase).toBe(true);

    expect(
      (await call(owner, 'POST', TEAM_AUTH_PATHS.memberGrant(member.member.id), { exportErase: true })).statusCode,
    ).toBe(204);
    const members = (await call(owner, 'GET', TEAM_AUTH_PATHS.members)).json().members as {
      id: string;
      mayExportErase: boolean;
    }[];
    expect(members.find((m) => m.id === member.member.id)!.mayExportErase).toBe(true);
    expect((await call(member, 'GET', TEAM_AUTH_PATHS.me)).json().mayExportErase).toBe(true);
    const exported = await exportAs(member);
    expect(exported.statusCode).toBe(200);
    expect(
      (await call(owner, 'POST', TEAM_AUTH_PATHS.memberGrant(member.member.id), { exportErase: false })).statusCode,
    ).toBe(204);
    expect((await eraseAs(member)).statusCode).toBe(403);
    expect((await eraseAs(owner)).statusCode).toBe(200);
    expect((await actions()).filter((action) => action === 'grant_changed')).toHaveLength(2);
  });

  it('names the leads a list, a search and an export showed', async () => {
    const ids = [
      await storeLead(team.database, { name: '김철수' }),
      await storeLead(team.database, { name: '이영희' }),
    ];
    // The search first: the list after it shows a lead the search did not, so each is a record (recordListView).
    await call(owner, 'GET', `${LEADS_PATH}?q=${encodeURIComponent('영희')}`);
    await call(owner, 'GET', LEADS_PATH);
    await call(owner, 'POST', LEAD_EXPORT_PATH, { reason: '월간 보고' });
    const rows = await team.database.rows<{ action: string; details: unknown }>(
      sql`select action, details from access_records where action in ('lead_listed', 'leads_exported') order by seq`,
    );
    const shown = rows.map((row) => {
      const details = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as { leads: string };
      return `${row.action}:${details.leads.split(',').sort().join(',')}`;
    });
    expect(shown).toEqual([
      `lead_listed:${ids[1]}`,
      `lead_listed:${[...ids].sort().join(',')}`,
      `leads_exported:${[...ids].sort().join(',')}`,
    ]);
  });
});
