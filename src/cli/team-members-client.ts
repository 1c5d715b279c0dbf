/**
 * How `npm run team` reaches the members: through the running server's loopback admin API when one holds the
 * PGlite data dir (PGlite allows one process per directory), else the database itself (PostgreSQL, or PGlite's
 * files under the same lock the server takes). The same functions as the workspace (server/team/members.ts).
 */
import type { AdminEndpoint } from '../server/admin/admin-endpoint';
import type { Config } from '../server/config';
import type { ChainCheck } from '../server/team/access-records';
import type { CreatedInvite, PendingInvite, RemoveResult, RoleResult } from '../server/team/members';
import type { Member, Role } from '../domain/team-auth-api';
import { CliError, connectCli } from './cli-connection';

export interface TeamMembersClient {
  via: string;
  members(): Promise<Member[]>;
  /** The invite, or the role the address already has as a member (an invite changes no role). */
  invite(email: string, role: Role): Promise<CreatedInvite | { currentRole: Role }>;
  invites(): Promise<PendingInvite[]>;
  /** Revokes the address's pending invites; how many. */
  revoke(email: string): Promise<number>;
  setRole(email: string, role: Role): Promise<RoleResult>;
  /** false: no such member. */
  setGrant(email: string, exportErase: boolean): Promise<boolean>;
  remove(email: string): Promise<RemoveResult>;
  checkRecords(): Promise<ChainCheck>;
  disconnect(): Promise<void>;
}

function adminClient(endpoint: AdminEndpoint): TeamMembersClient {
  const base = `http://127.0.0.1:${endpoint.port}`;
  async function call<T>(path: string, init: RequestInit = {}, allowed: number[] = []): Promise<T> {
    const response = await fetch(base + path, {
      ...init,
      headers: {
        authorization: `Bearer ${endpoint.token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    if (!response.ok && !allowed.includes(response.status))
      throw new CliError(`admin API answered ${response.status} for ${path}`);
    return (await response.json()) as T;
  }
  return {
    via: `running server (pid ${endpoint.pid}, admin API on 127.0.0.1:${endpoint.port})`,
    members: () => call<Member[]>('/team/members'),
    async invite(email, role) {
      const invite = await call<(Omit<CreatedInvite, 'expiresAt'> & { expiresAt: string }) | { currentRole: Role }>(
        '/team/invites',
        { method: 'POST', body: JSON.stringify({ email, role }) },
        [409],
      );
      return 'currentRole' in invite ? invite : { ...invite, expiresAt: new Date(invite.expiresAt) };
    },
    invites: () => call<PendingInvite[]>('/team/invites'),
    revoke: async (email) =>
      (await call<{ revoked: number }>(`/team/invites/${encodeURIComponent(email)}`, { method: 'DELETE' })).revoked,
    setRole: (email, role) =>
      call<RoleResult>(
        `/team/members/${encodeURIComponent(email)}/role`,
        { method: 'POST', body: JSON.stringify({ role }) },
        [404],
      ),
    setGrant: async (email, exportErase) =>
      (
        await call<{ ok: boolean }>(
          `/team/members/${encodeURIComponent(email)}/grant`,
          { method: 'POST', body: JSON.stringify({ exportErase }) },
          [404],
        )
      ).ok,
    remove: (email) => call<RemoveResult>(`/team/members/${encodeURIComponent(email)}`, { method: 'DELETE' }, [404]),
    checkRecords: () => call<ChainCheck>('/team/access-chain'),
    disconnect: async () => {},
  };
}

export async function connectTeamMembers(config: Config): Promise<TeamMembersClient> {
  return connectCli(config, adminClient, async () => {
    const { directMembersClient } = await import('./team-members-direct');
    return directMembersClient(config);
  });
}
