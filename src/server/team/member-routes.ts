/**
 * The owners' routes (contract: domain/team-auth-api.ts): the member list, an invite mailed to a new member,
 * removal, and the access records. A member who is not an owner gets 403 `forbidden`.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCESS_RECORDS_PAGE,
  accessRecordsQuery,
  inviteBody,
  inviteLink,
  memberIdParams,
  TEAM_AUTH_PATHS,
  type AccessRecordsAnswer,
  type InviteAnswer,
  type MembersAnswer,
} from '../../domain/team-auth-api';
import { TEAM_API_PATH } from '../../domain/team-paths';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { MailTransport } from '../mail/transport';
import { listAccessRecords, recordAccess } from './access-records';
import { renderInviteMail, sendInviteMail } from './invite-mail';
import { createInvite, listMembers, removeMember } from './members';
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
    ownerOnly(request);
    return { members: await listMembers(database) };
  });

  scope.post(local(TEAM_AUTH_PATHS.members), { bodyLimit: 4096 }, async (request): Promise<InviteAnswer> => {
    const by = ownerOnly(request);
    const { email, role } = parse(inviteBody, request.body);
    const invite = await createInvite(database, { email, role }, by);
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
    const { before } = parse(accessRecordsQuery, request.query);
    const records = await listAccessRecords(database, { limit: ACCESS_RECORDS_PAGE, beforeSeq: before });
    await recordAccess(database, { ...by, action: 'records_viewed', details: { count: records.length } });
    const emails = new Map((await listMembersWithRemoved(database)).map((member) => [member.id, member.email]));
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
      next: records.length === ACCESS_RECORDS_PAGE ? records[records.length - 1]!.seq : null,
    };
  });
}

/** Every member who ever was (records name removed members too). */
async function listMembersWithRemoved(database: Database) {
  return database.rows<{ id: string; email: string }>(sql`select id, email from team_members`);
}
