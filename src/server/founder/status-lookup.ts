/** What the status page shows and the download holds, read by the link's token hash (decision 084). */
import { openMemoBase64 } from '../storage/memo-cipher';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Stage } from '../../domain/stages';
import type { Channel } from '../../domain/lead-source';
import { isStatusToken, statusTokenHash } from './status-token';

/** The thread's events the status page's timeline shows: the quote's (decision 102) and the agreement's (150). */
export type StatusEventKind =
  | 'quote'
  | 'quote_accepted'
  | 'quote_withdrawn'
  | 'contract'
  | 'contract_signed'
  | 'contract_concluded'
  | 'deposit_received';

export interface StatusIdea {
  id: string;
  receivedAt: Date;
  idea: string;
  name: string;
  email: string;
  phone: string;
  stage: Stage;
  prototypeUrl: string | null;
  prototypeDeliveredAt: Date | null;
  /** When the team closed the request (stage 종료): the count-down stops. */
  closedAt: Date | null;
  consentVersion: string | null;
  consentedAt: Date | null;
  /** Where the visit began (decision 134): the channel, and the source and campaign when known. */
  source: { channel: Channel; source: string; campaign: string };
  /** The founder gets KakaoTalk updates at `phone` (issue 49); they can stop them here. */
  kakaoUpdates: boolean;
  memo: { mimeType: string; durationMs: number; byteSize: number } | null;
  /** Stage changes, and the quote's arrival and 「견적 확인」 (decision 102). */
  timeline: ({ stage: Stage; at: Date } | { kind: StatusEventKind; at: Date })[];
}

interface IdeaRow extends Record<string, unknown> {
  id: string;
  received_at: Date | string;
  idea: string;
  name: string;
  email: string;
  phone: string;
  stage: Stage;
  prototype_url: string | null;
  prototype_delivered_at: Date | string | null;
  closed_at: Date | string | null;
  consent_version: string | null;
  consented_at: Date | string | null;
  source_channel: Channel;
  source_name: string;
  source_campaign: string;
  kakao_updates: boolean;
  memo_type: string | null;
  memo_duration_ms: number | null;
  memo_size: number | null;
}

const date = (value: Date | string) => new Date(value);

/** The idea a token opens, or undefined (malformed, altered, or erased: the same answer). */
export async function ideaIdForToken(database: Database, token: string): Promise<string | undefined> {
  if (!isStatusToken(token)) return undefined;
  const [row] = await database.rows<{ id: string }>(
    sql`select id::text as id from ideas where status_token_hash = ${statusTokenHash(token)}`,
  );
  return row?.id;
}

export async function statusIdea(database: Database, token: string): Promise<StatusIdea | undefined> {
  if (!isStatusToken(token)) return undefined;
  const [row] = await database.rows<IdeaRow>(sql`
    select i.id::text as id, i.received_at, i.idea, i.name, i.email, i.phone, i.stage, i.prototype_url,
      i.prototype_delivered_at, i.closed_at, i.consent_version, i.consented_at,
      i.source_channel, i.source_name, i.source_campaign, i.kakao_updates,
      m.mime_type as memo_type, m.duration_ms as memo_duration_ms, m.byte_size as memo_size
    from ideas i left join voice_memos m on m.idea_id = i.id
    where i.status_token_hash = ${statusTokenHash(token)}`);
  if (!row) return undefined;
  const events = await database.rows<{ kind: string; stage: Stage; at: Date | string }>(sql`
    select kind, stage, at from idea_events
    where idea_id = ${row.id}::uuid and kind in ('stage', 'quote', 'quote_accepted', 'quote_withdrawn', 'contract', 'contract_signed',
      'contract_concluded', 'deposit_received') order by at, id`);
  return {
    id: row.id,
    receivedAt: date(row.received_at),
    idea: row.idea,
    name: row.name,
    email: row.email,
    phone: row.phone,
    stage: row.stage,
    prototypeUrl: row.prototype_url,
    prototypeDeliveredAt: row.prototype_delivered_at === null ? null : date(row.prototype_delivered_at),
    closedAt: row.closed_at === null ? null : date(row.closed_at),
    consentVersion: row.consent_version,
    consentedAt: row.consented_at === null ? null : date(row.consented_at),
    source: { channel: row.source_channel, source: row.source_name, campaign: row.source_campaign },
    kakaoUpdates: Boolean(row.kakao_updates),
    memo:
      row.memo_type === null
        ? null
        : { mimeType: row.memo_type, durationMs: Number(row.memo_duration_ms), byteSize: Number(row.memo_size) },
    timeline: events.map((event) =>
      event.kind === 'stage'
        ? { stage: event.stage, at: date(event.at) }
        : { kind: event.kind as StatusEventKind, at: date(event.at) },
    ),
  };
}

/** The memo's bytes for playback (at most the intake's 2 MB), or undefined. */
export async function statusMemo(
  database: Database,
  token: string,
): Promise<{ ideaId: string; mimeType: string; bytes: Buffer } | undefined> {
  if (!isStatusToken(token)) return undefined;
  const [row] = await database.rows<{
    idea_id: string;
    mime_type: string;
    memo_base64: string;
    key: string | null;
  }>(sql`
    select i.id as idea_id, m.mime_type, encode(m.bytes, 'base64') as memo_base64, encode(i.memo_key, 'base64') as key
    from ideas i join voice_memos m on m.idea_id = i.id
    where i.status_token_hash = ${statusTokenHash(token)}`);
  return row
    ? { ideaId: row.idea_id, mimeType: row.mime_type, bytes: openMemoBase64(row.memo_base64, row.key) }
    : undefined;
}
