/**
 * Queues the founder's mails (decision 084) inside the transaction that causes them: the confirmation with the
 * idea (ideas/idea-store.ts), the ready mail with the stage change to 프로토타입 전달 (ideas/lead-stages.ts). The
 * worker (mail/founder-mail-worker.ts) sends them. The primary key (idea, kind, ref) makes each at most once (ref is
 * empty for these two; a thread message's mail, thread/thread-store.ts, names its message).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RowsFn } from '../db/client';

/** SHA-256 (hex) of the lowercased, trimmed address: what the daily cap counts by. */
export function recipientHash(email: string): string {
  return crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

const DAY_MS = 86_400_000;

/**
 * One confirmation row per idea: `pending`, or `skipped` past `perDay` confirmations to the same address in the
 * 24 hours before it (earlier ones in the same batch count, in order of receipt). Only the batch's own addresses are
 * counted, each through founder_mails_cap_idx (its confirmations that were not skipped, by time): at most `perDay`
 * index entries an address, however many ideas the day brought (a count of the whole day's rows on every group
 * commit made the intake slower as the day filled, decision 087).
 */
export async function queueConfirmations(
  rows: RowsFn,
  ideas: { id: string; receivedAt: Date; fields: { email: string } }[],
  perDay: number,
): Promise<void> {
  if (ideas.length === 0) return;
  const since = new Date(Math.min(...ideas.map((idea) => idea.receivedAt.getTime())) - DAY_MS);
  const hashes = ideas.map((idea) => recipientHash(idea.fields.email));
  await rows(sql`
    insert into founder_mails (idea_id, kind, recipient_hash, status, attempts, created_at, next_attempt_at)
    select v.idea_id, 'confirmation', v.recipient_hash,
      case when coalesce(c.n, 0) + row_number() over (partition by v.recipient_hash order by v.at, v.idea_id)
        > ${perDay}::bigint then 'skipped' else 'pending' end,
      0, v.at, v.at
    from (values ${sql.join(
      ideas.map(
        (idea, index) => sql`(${idea.id}::uuid, ${hashes[index]}, ${idea.receivedAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    )}) as v(idea_id, recipient_hash, at)
    left join (
      select recipient_hash, count(*) as n from founder_mails
      where kind = 'confirmation' and status <> 'skipped' and created_at > ${since.toISOString()}::timestamptz
        and recipient_hash in (${sql.join(
          [...new Set(hashes)].map((hash) => sql`${hash}`),
          sql`, `,
        )})
      group by recipient_hash
    ) c on c.recipient_hash = v.recipient_hash
    on conflict (idea_id, kind, ref) do nothing`);
}

/**
 * The ready mail, once: only for an idea that had a confirmation queued (so none for the spam folder or with
 * FOUNDER_MAIL off), whether or not the cap skipped that confirmation (the team, not the form, causes this one).
 * A second 프로토타입 전달 finds the row and adds nothing.
 */
export async function queueReadyMail(rows: RowsFn, ideaId: string, at: string): Promise<void> {
  await rows(sql`
    insert into founder_mails (idea_id, kind, recipient_hash, status, attempts, created_at, next_attempt_at)
    select f.idea_id, 'ready', f.recipient_hash, 'pending', 0, ${at}::timestamptz, ${at}::timestamptz
    from founder_mails f where f.idea_id = ${ideaId}::uuid and f.kind = 'confirmation'
    on conflict (idea_id, kind, ref) do nothing`);
}
