/**
 * Moving a lead through its stages (domain/stages.ts): the idea's current stage, its prototype link and the time
 * it was delivered change in the same transaction as the `idea_events` row the timeline shows. Used by the
 * workspace API; the founder's status page reads the same events.
 */
import { sql } from 'drizzle-orm';
import { stageMoveRefusal, type StageChange } from '../../domain/stages';
import type { RowsFn } from '../db/client';
import { queueReadyMail } from '../founder/founder-mail-queue';
import { followUpPending } from './follow-up';

export interface StageChanged {
  ideaId: string;
  stage: StageChange['stage'];
  at: string;
}

/**
 * Sets the stage of `ideaId` (inside the caller's transaction) and records it; undefined when there is no such idea,
 * `refused` when the rules refuse the move (domain/stages.ts `stageMoveRefusal`; nothing changed).
 * 프로토타입 전달 stores the link and, the first time, when it was delivered (the promise reads that). 종료 closes
 * the lead (`closed_at`, from which the retention period counts, kept when it already was closed); leaving 종료
 * reopens it.
 */
export async function changeStage(
  rows: RowsFn,
  ideaId: string,
  change: StageChange,
  options: { memberId: string | null; now?: Date },
): Promise<StageChanged | 'refused' | undefined> {
  const at = (options.now ?? new Date()).toISOString();
  const prototypeUrl = change.stage === 'delivered' ? change.prototypeUrl : null;
  // The ready mail (below) needs the founder's confirmation, which follows the idea (decision 118): an idea
  // delivered before its follow-up ran has it done now, or waits for the follow-up holding it. Before the idea's
  // row lock, which that follow-up's foreign-key checks would wait for.
  if (change.stage === 'delivered') await followUpPending(rows, { ideaId });
  const [current] = await rows<{ delivered: boolean }>(
    sql`select prototype_delivered_at is not null as delivered from ideas where id = ${ideaId}::uuid for update`,
  );
  if (!current) return undefined;
  if (stageMoveRefusal(change.stage, { prototypeDelivered: Boolean(current.delivered) })) return 'refused';
  const [idea] = await rows<{ id: string }>(sql`
    update ideas set stage = ${change.stage}, stage_changed_at = ${at}::timestamptz,
      prototype_url = coalesce(${prototypeUrl}, prototype_url),
      prototype_delivered_at = case when ${change.stage} = 'delivered'
        then coalesce(prototype_delivered_at, ${at}::timestamptz) else prototype_delivered_at end,
      closed_at = case when ${change.stage} = 'closed' then coalesce(closed_at, ${at}::timestamptz) else null end
    where id = ${ideaId}::uuid
    returning id`);
  if (!idea) return undefined;
  const details =
    change.stage === 'delivered'
      ? { prototypeUrl: change.prototypeUrl }
      : change.stage === 'closed'
        ? { reason: change.reason }
        : {};
  await rows(sql`insert into idea_events (idea_id, at, member_id, kind, stage, details)
    values (${ideaId}::uuid, ${at}::timestamptz, ${options.memberId}::uuid, 'stage', ${change.stage},
      ${JSON.stringify(details)}::jsonb)`);
  if (change.stage === 'delivered') await queueReadyMail(rows, ideaId, at); // the founder's mail, once (decision 084)
  return { ideaId, stage: change.stage, at };
}
