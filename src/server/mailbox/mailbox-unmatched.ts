/**
 * The team's review of the replies that name no lead (decision 142), kept by the reader (mailbox-store.ts
 * `storeUnmatched`) in `mailbox_unmatched`, and its routes in the workspace API (registered in its scope by app.ts:
 * session, Origin, members only). Listing records a view; attaching one to a lead's thread lands its words as the
 * founder's answer through `storeAnswer` (the unread marker, the live event) and takes the row in the same
 * transaction, so two members (or two clicks) land it once; its key and Message-ID go to `mailbox_messages`, so the
 * lead's erasure expunges the original (decision 141). Dismissing clears the words and keeps the Message-ID until the
 * retention job (jobs/retention.ts) erases the row with its original after IMAP_UNMATCHED_DAYS.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mailboxReviewCopy as copy } from '../../content/mailbox-review';
import {
  attachUnmatchedSchema,
  UNMATCHED_KEY,
  UNMATCHED_PREVIEW_MAX,
  type UnmatchedMailList,
} from '../../domain/mailbox-review';
import type { Database } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { queuePurge } from '../ideas/erase-ideas';
import { appendAccessRecord, recordAccess } from '../team/access-records';
import { TeamApiError } from '../team/team-api-error';
import { storeAnswer } from '../thread/thread-store';

const iso = (value: Date | string) => new Date(value).toISOString();
/** The list shows the newest this many; more wait for the ones above them to be handled. */
const LIST_MAX = 100;

class Taken extends Error {}

export async function listUnmatched(database: Database): Promise<UnmatchedMailList['mails']> {
  const rows = await database.rows<{ key: string; at: Date | string; sender: string; subject: string; body: string }>(
    sql`select key, at, coalesce(sender, '') as sender, coalesce(subject, '') as subject, coalesce(body, '') as body
      from mailbox_unmatched where status = 'open' order by at desc limit ${LIST_MAX}`,
  );
  return rows.map((row) => ({
    key: row.key,
    at: iso(row.at),
    sender: row.sender,
    subject: row.subject,
    preview: row.body.length > UNMATCHED_PREVIEW_MAX ? `${row.body.slice(0, UNMATCHED_PREVIEW_MAX - 1)}…` : row.body,
  }));
}

export type AttachOutcome = { ok: true; ideaId: string } | { ok: false; reason: 'no_lead' | 'ambiguous' | 'gone' };

/** The lead whose reference (the id's first 8) this is: by the primary key's range, as the inbox's search. */
async function leadOfReference(database: Database, reference: string): Promise<string[]> {
  const rows = await database.rows<{ id: string }>(sql`select id::text as id from ideas
    where id between ${`${reference}-0000-0000-0000-000000000000`}::uuid
      and ${`${reference}-ffff-ffff-ffff-ffffffffffff`}::uuid limit 2`);
  return rows.map((row) => row.id);
}

export async function attachUnmatched(
  database: Database,
  input: { key: string; reference: string },
  record: (rows: Parameters<Parameters<typeof storeAnswer>[2]>[0], ideaId: string, messageId: string) => Promise<void>,
): Promise<AttachOutcome> {
  const leads = await leadOfReference(database, input.reference);
  if (leads.length === 0) return { ok: false, reason: 'no_lead' };
  if (leads.length > 1) return { ok: false, reason: 'ambiguous' };
  const ideaId = leads[0]!;
  const [mail] = await database.rows<{ body: string }>(
    sql`select coalesce(body, '') as body from mailbox_unmatched where key = ${input.key} and status = 'open'`,
  );
  if (!mail) return { ok: false, reason: 'gone' };
  try {
    const stored = await storeAnswer(
      database,
      // The team's own act, not a founder's flood: no hourly bound.
      { ideaId, body: mail.body, perHour: Number.MAX_SAFE_INTEGER },
      async (rows, messageId) => {
        const [taken] = await rows<{ sender: string | null; mail_id: string | null }>(sql`delete from mailbox_unmatched
          where key = ${input.key} and status = 'open' returning sender, mail_id`);
        if (!taken) throw new Taken();
        await rows(sql`insert into mailbox_messages (key, idea_id, outcome, message_id, sender, mail_id)
          values (${input.key}, ${ideaId}::uuid, 'landed', ${messageId}::uuid, ${taken.sender}, ${taken.mail_id})
          on conflict (key) do nothing`);
        await queuePurge(rows, { tables: ['mailbox_unmatched'] });
        await record(rows, ideaId, messageId);
      },
    );
    return stored.ok ? { ok: true, ideaId } : { ok: false, reason: 'no_lead' };
  } catch (error) {
    if (error instanceof Taken) return { ok: false, reason: 'gone' };
    throw error;
  }
}

/** Dismissed: the words cleared at once (the row and its original go with the retention job); false when gone. */
export async function dismissUnmatched(
  database: Database,
  key: string,
  record: (rows: Parameters<Parameters<typeof storeAnswer>[2]>[0]) => Promise<void>,
): Promise<boolean> {
  return database.transaction(async (rows) => {
    const dismissed = await rows(sql`update mailbox_unmatched set status = 'dismissed', sender = null, subject = null,
      body = null where key = ${key} and status = 'open' returning key`);
    if (dismissed.length === 0) return false;
    await queuePurge(rows, { tables: ['mailbox_unmatched'] });
    await record(rows);
    return true;
  });
}

export interface MailboxReviewRoutesOptions {
  database: Database;
  events: EventBus;
  keptDays: number;
}

type KeyParams = { Params: { key: string } };

export async function mailboxReviewRoutes(scope: FastifyInstance, options: MailboxReviewRoutesOptions) {
  const { database, events } = options;
  const member = (request: FastifyRequest) => ({
    actor: 'member' as const,
    memberId: request.member!.id,
    ip: request.ip,
  });
  const keyOf = (request: FastifyRequest<KeyParams>) => {
    const key = request.params.key.toLowerCase();
    if (!UNMATCHED_KEY.test(key)) throw new TeamApiError(400, 'invalid');
    return key;
  };

  scope.get('/mailbox/unmatched', async (request): Promise<UnmatchedMailList> => {
    const mails = await listUnmatched(database);
    await recordAccess(database, { ...member(request), action: 'mailbox_reviewed', details: { mails: mails.length } });
    return { mails, keptDays: options.keptDays };
  });

  scope.post<KeyParams>('/mailbox/unmatched/:key/attach', async (request): Promise<UnmatchedMailList> => {
    const key = keyOf(request);
    const parsed = attachUnmatchedSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new TeamApiError(400, 'invalid', copy.errors.reference);
    const outcome = await attachUnmatched(
      database,
      { key, reference: parsed.data.reference },
      (rows, ideaId, messageId) =>
        appendAccessRecord(rows, { ...member(request), action: 'mailbox_attached', ideaId, details: { messageId } }),
    );
    if (!outcome.ok)
      throw outcome.reason === 'gone'
        ? new TeamApiError(409, 'conflict', copy.errors.gone)
        : new TeamApiError(
            404,
            'not_found',
            outcome.reason === 'ambiguous' ? copy.errors.ambiguous : copy.errors.noLead,
          );
    void events.publish({ kind: 'lead_changed', ideaId: outcome.ideaId, memberId: null, actorId: request.member!.id });
    return { mails: await listUnmatched(database), keptDays: options.keptDays };
  });

  scope.post<KeyParams>('/mailbox/unmatched/:key/dismiss', async (request): Promise<UnmatchedMailList> => {
    const key = keyOf(request);
    const dismissed = await dismissUnmatched(database, key, (rows) =>
      appendAccessRecord(rows, { ...member(request), action: 'mailbox_dismissed', details: {} }),
    );
    if (!dismissed) throw new TeamApiError(409, 'conflict', copy.errors.gone);
    return { mails: await listUnmatched(database), keptDays: options.keptDays };
  });
}
