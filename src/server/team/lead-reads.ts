/**
 * Unread markers (table `lead_reads`): a member has read a lead when they opened its page after its last activity —
 * its receipt, or a change someone else made (their own changes never make a lead unread for them). Open leads
 * (before 프로토타입 전달, not closed) count every such activity: the tab title's number is work waiting. A lead
 * whose clock has stopped (delivered or closed) counts only the founder's own actions on the status page — an answer,
 * 「견적 확인」, a meeting booked, moved or cancelled (FOUNDER_ACTION_KINDS) — so a founder who writes after delivery
 * is never missed, for each member. Leads in the spam folder never count.
 */
import { sql } from 'drizzle-orm';
import { UNREAD_IDS_MAX, type UnreadLeads } from '../../domain/workspace-events';
import type { Database } from '../db/client';
import { inSpamFolder, isOpen } from '../ideas/lead-inbox';

/**
 * The `idea_events` kinds a founder's action on the status page writes (with no member): thread/thread-store.ts
 * (answer, quote_accepted) and booking/meetings.ts (the meeting's changes).
 */
export const FOUNDER_ACTION_KINDS = [
  'answer',
  'quote_accepted',
  'contract_signed',
  'meeting_booked',
  'meeting_moved',
  'meeting_cancelled',
] as const;

export async function markRead(database: Database, memberId: string, ideaId: string, at = new Date()): Promise<void> {
  await database.rows(sql`insert into lead_reads (member_id, idea_id, read_at)
    select ${memberId}::uuid, id, ${at.toISOString()}::timestamptz from ideas where id = ${ideaId}::uuid
    on conflict (member_id, idea_id) do update set read_at = excluded.read_at`);
}

export async function unreadLeads(database: Database, memberId: string): Promise<UnreadLeads> {
  const founderKinds = sql.join(
    FOUNDER_ACTION_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const rows = await database.rows<{ id: string; total: string | number }>(sql`
    with activity as (
      select i.id, greatest(i.received_at, (select max(e.at) from idea_events e
        where e.idea_id = i.id and e.member_id is distinct from ${memberId}::uuid)) as at
      from ideas i where ${isOpen} and not ${inSpamFolder}
      union all
      select i.id, max(e.at) as at
      from idea_events e join ideas i on i.id = e.idea_id
      where e.member_id is null and e.kind in (${founderKinds}) and not ${isOpen} and not ${inSpamFolder}
      group by i.id
    )
    select a.id::text as id, count(*) over () as total from activity a
    left join lead_reads r on r.idea_id = a.id and r.member_id = ${memberId}::uuid
    where r.read_at is null or r.read_at < a.at
    order by a.at desc limit ${UNREAD_IDS_MAX}`);
  return { count: rows.length ? Number(rows[0]!.total) : 0, ids: rows.map((row) => row.id) };
}
