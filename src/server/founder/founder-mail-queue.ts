/**
 * Queues the founder's mails (decision 084): the confirmation follows the idea (ideas/follow-up.ts, decision 118:
 * at most the daily cap per address, counted by `recipientHash` through founder_mails_cap_idx; past it the row is
 * kept as `skipped`), the ready mail comes with the stage change to 프로토타입 전달 (ideas/lead-stages.ts). The
 * worker (mail/founder-mail-worker.ts) sends them. The primary key (idea, kind, ref) makes each at most once (ref is
 * empty for these two; a thread message's mail, thread/thread-store.ts, names its message).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RowsFn } from '../db/client';

/** SHA-256 (hex) of the lowercased, trimmed address: what the daily cap counts by (follow-up.ts writes it in SQL). */
export function recipientHash(email: string): string {
  return crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
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

/**
 * The team's meeting offer (decision 104), once per idea (the key: an idea has at most one offer) and only on an open
 * lead; the caller queues it only with FOUNDER_MAIL. The hash is the cap's, though the cap counts confirmations only.
 */
export async function queueMeetingOfferMail(rows: RowsFn, ideaId: string): Promise<void> {
  await rows(sql`
    insert into founder_mails (idea_id, kind, recipient_hash, status, attempts, created_at, next_attempt_at)
    select id, 'meeting_offer', encode(sha256(convert_to(lower(btrim(email)), 'UTF8')), 'hex'), 'pending', 0, now(), now()
    from ideas where id = ${ideaId}::uuid and closed_at is null
    on conflict (idea_id, kind, ref) do nothing`);
}
