/**
 * What the two mail paths (mail/outbox-worker.ts, one mail each; jobs/digest-mail.ts, one for many) read of an idea
 * they claimed: the same columns, turned into the `TeamMailIdea` that team-mail.ts and summary-mails.ts render.
 * The memo's bytes are read only where a mail attaches them.
 */
import { openMemoBase64 } from '../storage/memo-cipher';
import { sql } from 'drizzle-orm';
import type { TeamMailIdea } from './team-mail';
import type { Channel } from '../../domain/lead-source';

/** Select list over `ideas i` left-joined with `voice_memos m`, after the claimed row's `idea_id`. */
export const MAILED_IDEA_COLUMNS = sql`i.received_at, i.idea, i.name, i.email, i.phone, i.without_script,
  i.source_channel, i.source_name, i.source_campaign, m.mime_type as memo_type, m.duration_ms as memo_duration_ms, m.byte_size as memo_size`;

/** The memo's bytes as base64 text: PGlite hands bytea over far slower than text (see ideas/idea-store.ts). */
export const MAILED_MEMO_BYTES = sql`encode(m.bytes, 'base64') as memo_base64, encode(i.memo_key, 'base64') as memo_key`;

export interface MailedIdeaRow extends Record<string, unknown> {
  idea_id: string;
  received_at: Date | string;
  idea: string;
  name: string;
  email: string;
  phone: string;
  without_script: boolean;
  source_channel: Channel;
  source_name: string;
  source_campaign: string;
  memo_type: string | null;
  memo_duration_ms: number | null;
  memo_size: number | null;
  /** Present when the query selected MAILED_MEMO_BYTES. */
  memo_base64?: string | null;
  /** The memo's key (storage/memo-cipher.ts); null for a memo stored before encryption. */
  memo_key?: string | null;
}

export function mailedIdeaOf(row: MailedIdeaRow): TeamMailIdea {
  return {
    id: row.idea_id,
    receivedAt: new Date(row.received_at),
    idea: row.idea,
    name: row.name,
    email: row.email,
    phone: row.phone,
    withoutScript: Boolean(row.without_script),
    source: { channel: row.source_channel, source: row.source_name, campaign: row.source_campaign },
    voiceMemo:
      row.memo_type === null
        ? undefined
        : {
            mimeType: row.memo_type,
            durationMs: Number(row.memo_duration_ms),
            byteSize: Number(row.memo_size),
            bytes:
              typeof row.memo_base64 === 'string' ? openMemoBase64(row.memo_base64, row.memo_key ?? null) : undefined,
          },
  };
}
