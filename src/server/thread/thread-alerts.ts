/**
 * Tells the team a founder answered (decision 101), inside the answer's transaction: a mail to the lead's owner (the
 * team's address when it has none, or its owner was removed) and, when a chat webhook is set, a chat alert — both
 * the durable alerts of decision 074 (sent once, retried), naming the reference with a link to the lead, never the
 * answer itself. One pair per answer (the key holds the message id).
 */
import { sql } from 'drizzle-orm';
import type { RowsFn } from '../db/client';

export async function storeAnsweredAlerts(
  rows: RowsFn,
  ideaId: string,
  messageId: string,
  options: { teamEmail: string; webhook: boolean },
): Promise<void> {
  for (const channel of options.webhook ? ['mail', 'webhook'] : ['mail'])
    await rows(sql`
      insert into alerts (key, kind, channel, idea_id, details)
      select ${`founder_answered:${messageId}:${channel}`}, 'founder_answered', ${channel}, i.id,
        jsonb_build_object('reference', left(i.id::text, 8), 'to', coalesce(m.email, ${options.teamEmail}))
      from ideas i left join team_members m on m.id = i.owner_id and m.removed_at is null
      where i.id = ${ideaId}::uuid
      on conflict (key) do nothing`);
}
