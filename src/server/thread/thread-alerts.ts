/**
 * Tells the team a founder answered (decision 101), inside the answer's transaction: a mail to the lead's owner (the
 * team's address when it has none, or its owner was removed) and, when a chat webhook is set, a chat alert — both
 * the durable alerts of decision 074 (sent once, retried), naming the reference with a link to the lead, never the
 * answer itself. A burst is one pair (issue 47): the alerts wait `burstMs` (FOUNDER_BURST_MS), and an answer that
 * finds its idea's alert still waiting (not yet claimed by the sender) adds itself to that alert's count instead.
 * The sender's claim and this update lock the same row, so an answer is counted in an alert that is then sent, or
 * gets a new one: never neither. Otherwise one pair per answer (the key holds the message id).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RowsFn } from '../db/client';
import { leadReference } from '../../domain/lead-reference';

/** Tells the lead's owner (or the team) and the chat that the founder accepted a quote: once per quote. */
export async function storeQuoteAcceptedAlerts(
  rows: RowsFn,
  ideaId: string,
  quote: { id: string; version: number },
  options: { teamEmail: string; webhook: boolean },
): Promise<void> {
  await storeOwnerAlerts(rows, ideaId, 'quote_accepted', quote.id, sql`'version', ${quote.version}::int`, options);
}

/**
 * One alert of `kind` per channel (mail, and the chat when configured) to the lead's owner or the team, keyed by
 * `kind:subject:channel` so it is stored once; its details the reference, `details` and the address it goes to.
 */
async function storeOwnerAlerts(
  rows: RowsFn,
  ideaId: string,
  kind: string,
  subject: string,
  details: SQL,
  options: { teamEmail: string; webhook: boolean },
): Promise<void> {
  for (const channel of options.webhook ? ['mail', 'webhook'] : ['mail'])
    await rows(sql`
      insert into alerts (key, kind, channel, idea_id, details, next_attempt_at)
      select ${`${kind}:${subject}:${channel}`}, ${kind}, ${channel}, i.id,
        jsonb_build_object('reference', ${leadReference(ideaId)}::text, ${details},
          'to', coalesce(m.email, ${options.teamEmail})),
        now()
      from ideas i left join team_members m on m.id = i.owner_id and m.removed_at is null
      where i.id = ${ideaId}::uuid
      on conflict (key) do nothing`);
}

/**
 * Tells the lead's owner (or the team) and the chat of an agreement's step (decision 150): `contract_signed` when
 * the founder signed (the team's countersignature is awaited), `contract_concluded` when both did (its mail carries
 * the signed PDF, made as it is sent). Once per agreement and step; the reference only.
 */
export async function storeContractAlerts(
  rows: RowsFn,
  ideaId: string,
  kind: 'contract_signed' | 'contract_concluded',
  contractId: string,
  options: { teamEmail: string; webhook: boolean },
): Promise<void> {
  await storeOwnerAlerts(rows, ideaId, kind, contractId, sql`'contractId', ${contractId}::text`, options);
}

export async function storeAnsweredAlerts(
  rows: RowsFn,
  ideaId: string,
  messageId: string,
  options: { teamEmail: string; webhook: boolean; burstMs: number; byMail?: boolean },
): Promise<void> {
  for (const channel of options.webhook ? ['mail', 'webhook'] : ['mail']) {
    const grouped = await rows(sql`
      update alerts set details = jsonb_set(details, '{answers}', to_jsonb(coalesce((details->>'answers')::int, 1) + 1))
      where kind = 'founder_answered' and idea_id = ${ideaId}::uuid and channel = ${channel}
        and status = 'pending' and attempts = 0
      returning key`);
    if (grouped.length > 0) continue;
    await rows(sql`
      insert into alerts (key, kind, channel, idea_id, details, next_attempt_at)
      select ${`founder_answered:${messageId}:${channel}`}, 'founder_answered', ${channel}, i.id,
        jsonb_build_object('reference', ${leadReference(ideaId)}::text, 'to', coalesce(m.email, ${options.teamEmail}))
          || ${options.byMail ? sql`jsonb_build_object('byMail', true)` : sql`'{}'::jsonb`},
        now() + ${options.burstMs}::int * interval '1 millisecond'
      from ideas i left join team_members m on m.id = i.owner_id and m.removed_at is null
      where i.id = ${ideaId}::uuid
      on conflict (key) do nothing`);
  }
}
