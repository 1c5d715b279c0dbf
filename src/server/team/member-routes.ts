/**
 * The owners' routes (contract: domain/team-auth-api.ts): the member list, an invite mailed to a new member,
 * removal, and the access records. A member who is not an owner gets 403 `forbidden`.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCESS_RECORDS_PAGE,
  accessRecordsQuery,
  grantBody,
  inviteBody,
  inviteIdParams,
  roleBody,
  inviteLink,
  memberIdParams,
  TEAM_AUTH_PATHS,
  type AccessRecordsAnswer,
  type InviteAnswer,
  type MembersAnswer,
} from '../../domain/team-auth-api';
import { kstDayStart } from '../../domain/kst';
import { TEAM_API_PATH } from '../../domain/team-paths';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { MailTransport } from '../mail/transport';
import { listAccessRecords, recordAccess } from './access-records';
import { renderInviteMail, sendInviteMail } from './invite-mail';
import {
  changeRole,
  createInvite,
  InviteRoleError,
  listInvites,
  listMembers,
  removeMember,
  revokeInvites,
  setExportEraseGrant,
} from './members';
import { TeamApiError } from './team-api-error';

const local = (path: string) => path.slice(TEAM_API_PATH.length);

function ownerOnly(request: FastifyRequest) {
  if (request.member?.role !== 'owner') throw new TeamApiError(403, 'forbidden');
  return { actor: 'member' as const, memberId: request.member.id, ip: request.ip };
}

function parse<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (!result.success) throw new TeamApiError(400, 'invalid');
  return result.data;
}

export async function memberRoutes(
  scope: FastifyInstance,
  options: { config: Config; database: Database; mailTransport?: MailTransport },
) {
  const { config, database } = options;

  scope.get(local(TEAM_AUTH_PATHS.members), async (request): Promise<MembersAnswer> => {
    const by = ownerOnly(request);
    const answer = { members: await listMembers(database), invites: await listInvites(database) };
    await recordAccess(database, {
      ...by,
      action: 'members_listed',
      details: { members: answer.members.length, invites: answer.invites.length },
    });
    return answer;
  });

  scope.delete('/invites/:id', async (request, reply) => {
    const by = ownerOnly(request);
    const params = inviteIdParams.safeParse(request.params);
    if (!params.success) throw new TeamApiError(404, 'not_found');
    if ((await revokeInvites(database, { id: params.data.id }, by)) === 0) throw new TeamApiError(404, 'not_found');
    return reply.code(204).send();
  });

  scope.post(`${local(TEAM_AUTH_PATHS.members)}/:id/role`, { bodyLimit: 1024 }, async (request, reply) => {
    const by = ownerOnly(request);
    const params = memberIdParams.safeParse(request.params);
    if (!params.success) throw new TeamApiError(404, 'not_found');
    const { role } = parse(roleBody, request.body);
    const result = await changeRole(database, params.data.id, role, by);
    if (!result.ok)
      throw result.reason === 'not_found' ? new TeamApiError(404, 'not_found') : new TeamApiError(409, 'last_owner');
    return reply.code(204).send();
  });

  scope.post(`${local(TEAM_AUTH_PATHS.members)}/:id/grant`, { bodyLimit: 1024 }, async (request, reply) => {
    const by = ownerOnly(request);
    const params = memberIdParams.safeParse(request.params);
    if (!params.success) throw new TeamApiError(404, 'not_found');
    const { exportErase } = parse(grantBody, request.body);
    if (!(await setExportEraseGrant(database, params.data.id, exportErase, by)))
      throw new TeamApiError(404, 'not_found');
    return reply.code(204).send();
  });

  scope.post(local(TEAM_AUTH_PATHS.members), { bodyLimit: 4096 }, async (request): Promise<InviteAnswer> => {
    const by = ownerOnly(request);
    const { email, role } = parse(inviteBody, request.body);
    const invite = await createInvite(database, { email, role }, by).catch((error: unknown) => {
      throw error instanceof InviteRoleError ? new TeamApiError(409, 'role_differs') : error;
    });
    // The link points at the site the owner is on (the same host the passkey will be made for).
    const link = inviteLink(`${request.protocol}://${request.host}`, invite.token);
    const mailed = options.mailTransport
      ? await sendInviteMail(
          options.mailTransport,
          renderInviteMail({ email, link, expiresAt: invite.expiresAt }, config.mail.from),
          request.log,
        )
      : false;
    return { email, expiresAt: invite.expiresAt.toISOString(), mailed };
  });

  scope.delete(`${local(TEAM_AUTH_PATHS.members)}/:id`, async (request, reply) => {
    const by = ownerOnly(request);
    const params = memberIdParams.safeParse(request.params);
    if (!params.success) throw new TeamApiError(404, 'not_found');
    const result = await removeMember(database, params.data.id, by);
    if (!result.ok)
      throw result.reason === 'not_found' ? new TeamApiError(404, 'not_found') : new TeamApiError(409, 'conflict');
    return reply.code(204).send();
  });

  scope.get(local(TEAM_AUTH_PATHS.accessRecords), async (request): Promise<AccessRecordsAnswer> => {
    const by = ownerOnly(request);
    const { before, ...filter } = parse(accessRecordsQuery, request.query);
    const records = await listAccessRecords(database, {
      limit: ACCESS_RECORDS_PAGE,
      beforeSeq: before,
      memberId: filter.member,
      actor: filter.actor,
      action: filter.action,
      ideaPrefix: filter.lead,
      from: filter.from === undefined ? undefined : kstDayStart(filter.from),
      // `to` is a whole day: up to the next day's start.
      to: filter.to === undefined ? undefined : new Date(kstDayStart(filter.to).getTime() + 86_400_000),
    });
    // The view is itself recorded, with what it was narrowed to (the filter names no visitor: ids and days).
    await recordAccess(database, {
      ...by,
      action: 'records_viewed',
      details: {
        count: records.length,
        ...Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)),
      },
    });
    const members = (await listMembersWithRemoved(database)).sort((a, b) => a.email.localeCompare(b.email));
    const emails = new Map(members.map((member) => [member.id, member.email]));
    return {
      records: records.map((record) => ({
        seq: record.seq,
        at: record.at,
        actor: record.actor,
        action: record.action,
        memberEmail: record.memberId ? (emails.get(record.memberId) ?? null) : null,
        ip: record.ip,
        ideaId: record.ideaId,
        details: record.details,
      })),
      members,
      next: records.length === ACCESS_RECORDS_PAGE ? records[records.length - 1]!.seq : null,
    };
  });
}

/** Every member who ever was (records name removed members too). */
async function listMembersWithRemoved(database: Database) {
  return database.rows<{ id: string; email: string }>(sql`select id, email from team_members`);
}
