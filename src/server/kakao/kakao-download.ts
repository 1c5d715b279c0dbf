/**
 * The KakaoTalk updates in the founder's "my data" file (issue 49; the route adds it like the thread's and the
 * meetings'): whether they asked for them, the number they go to (as stored: 010-1234-5678), and each message sent by
 * its kind and time. No text, no provider ids: the kinds' texts are the templates everyone gets
 * (content/kakao-templates.ts), and what is waiting or failed is the team's outbox, not the founder's data.
 */
import { sql } from 'drizzle-orm';
import type { KakaoTemplateKey } from '../../content/kakao-templates';
import { statusPageCopy } from '../../content/status-page';
import { formatKst } from '../../domain/kst';
import type { Database } from '../db/client';

export interface SentKakaoMessage {
  template: KakaoTemplateKey;
  sentAt: Date;
}

/** The idea's sent KakaoTalk messages, oldest first. */
export async function sentKakaoMessages(database: Database, ideaId: string): Promise<SentKakaoMessage[]> {
  const rows = await database.rows<{ template: KakaoTemplateKey; sent_at: Date | string }>(sql`
    select template, sent_at from kakao_messages
    where idea_id = ${ideaId}::uuid and status = 'sent' and sent_at is not null order by sent_at, id`);
  return rows.map((row) => ({ template: row.template, sentAt: new Date(row.sent_at) }));
}

export function kakaoDownload(
  idea: { kakaoUpdates: boolean; phone: string },
  sent: SentKakaoMessage[],
): Record<string, unknown> {
  const k = statusPageCopy.download.kakao;
  return {
    [k.key]: {
      [k.chosen]: idea.kakaoUpdates ? k.yes : k.no,
      // The number is the idea's 연락처, normalized when they asked; without the updates it is not used for them.
      [k.number]: idea.kakaoUpdates ? idea.phone : null,
      [k.sent]: sent.map((message) => ({ [k.kind]: k.kinds[message.template], [k.sentAt]: formatKst(message.sentAt) })),
    },
  };
}
