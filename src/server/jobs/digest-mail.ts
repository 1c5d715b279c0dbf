/**
 * The digest: ideas stored past MAIL_DIGEST_THRESHOLD (idea-store.ts marks their outbox rows `digest`) reach the
 * team as one mail per MAIL_DIGEST_MINUTES listing each with its reference, instead of one mail each. Rows are
 * leased like the outbox worker's (`sending` until the lease ends), marked sent together after the mail went, and
 * put back as pending when it did not: the scheduler then retries within a minute.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { renderDigestMail } from '../mail/summary-mails';
import { MAILED_IDEA_COLUMNS, mailedIdeaOf, type MailedIdeaRow } from '../mail/mailed-idea-row';
import type { TeamMailOptions } from '../mail/team-mail';
import type { MailTransport } from '../mail/transport';
import type { ScheduledJob } from './scheduler';

/** Most ideas one digest lists; more wait for the next turn. */
export const DIGEST_MAX_IDEAS = 500;

interface HeldRow extends MailedIdeaRow {
  attempts: number;
}

export async function sendDigest(
  database: Database,
  transport: MailTransport,
  options: TeamMailOptions & { leaseMs: number },
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const held = await database.rows<HeldRow>(sql`
    with due as (
      select idea_id from outbox
      where digest and (status = 'pending' or (status = 'sending' and next_attempt_at <= ${at}::timestamptz))
      order by created_at
      limit ${DIGEST_MAX_IDEAS}
      for update skip locked
    ), claimed as (
      update outbox o set status = 'sending', attempts = o.attempts + 1,
        next_attempt_at = ${at}::timestamptz + ${options.leaseMs}::int * interval '1 millisecond'
      from due where o.idea_id = due.idea_id
      returning o.idea_id, o.attempts
    )
    select c.idea_id, c.attempts, ${MAILED_IDEA_COLUMNS}
    from claimed c join ideas i on i.id = c.idea_id left join voice_memos m on m.idea_id = c.idea_id
    order by i.received_at`);
  if (held.length === 0) return 0;
  const ideas = held.map(mailedIdeaOf);
  const fenced = sql.join(
    held.map((row) => sql`(${row.idea_id}::uuid, ${Number(row.attempts)}::int)`),
    sql`, `,
  );
  try {
    const deliveredTo = await transport.send(renderDigestMail(ideas, options, now), `digest-${now.getTime()}`);
    await database.rows(sql`
      update outbox o set status = 'sent', sent_at = ${at}::timestamptz, delivered_to = ${`digest: ${deliveredTo}`.slice(0, 500)}, last_error = null
      from (values ${fenced}) as v(idea_id, attempts)
      where o.idea_id = v.idea_id and o.attempts = v.attempts`);
    return held.length;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await database.rows(sql`
      update outbox o set status = 'pending', last_error = ${message.slice(0, 1000)}
      from (values ${fenced}) as v(idea_id, attempts)
      where o.idea_id = v.idea_id and o.attempts = v.attempts`);
    throw error;
  }
}

export function digestMailJob(
  database: Database,
  transport: MailTransport,
  /** leaseMs: the outbox worker's (config.mail.leaseMs), which outlives one whole send. */
  options: TeamMailOptions & { periodMs: number; leaseMs: number },
): ScheduledJob {
  return {
    name: 'digest-mail',
    everyMs: options.periodMs,
    async run(now) {
      const sent = await sendDigest(database, transport, options, now);
      return sent === 0 ? 'no ideas held for a digest' : `digest of ${sent} ideas sent`;
    },
  };
}
