/**
 * One lead's conversation in the database (decision 101; the quote, decision 102). Each change is one transaction:
 * the message (and its quote or memo), the `idea_events` row the timeline and the unread markers read, the founder
 * mail that carries a team message (founder_mails, kind `message`, ref = the message id: sent once by the founder
 * mail worker, retried, erased with the idea) and the caller's access record. Everything here goes with the idea:
 * foreign keys cascade, and ideas/erase-ideas.ts deletes and rewrites these tables.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { QuoteDraft, QuoteItem, QuoteState, QuoteView } from '../../domain/quote';
import { canonicalQuote, quoteState, quoteTotals } from '../../domain/quote';
import { leadReference } from '../../domain/lead-reference';
import type { ThreadMailView, ThreadMessageView, ThreadSide, ThreadView } from '../../domain/thread';
import type { Database, RowsFn } from '../db/client';
import { addSearchText } from '../ideas/search-text';

interface MessageRow extends Record<string, unknown> {
  id: string;
  at: Date | string;
  side: ThreadSide;
  member_email: string | null;
  body: string;
  memo_type: string | null;
  memo_duration_ms: number | null;
  memo_size: number | null;
  quote_id: string | null;
  quote_created_at: Date | string | null;
  quote_items: QuoteItem[] | string | null;
  quote_valid_until: string | null;
  quote_notes: string | null;
  quote_accepted_at: Date | string | null;
  quote_version: number | null;
  quote_accepted_name: string | null;
  quote_accepted_sha256: string | null;
  quote_superseded_at: Date | string | null;
  quote_withdrawn_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** SHA-256 (hex) of the quote's canonical form on the lead `ideaId` (domain/quote.ts canonicalQuote). */
export const quoteSha256 = (
  quote: Pick<QuoteView, 'id' | 'version' | 'createdAt' | 'items' | 'validUntil' | 'notes'>,
  ideaId: string,
) =>
  crypto
    .createHash('sha256')
    .update(canonicalQuote(quote, leadReference(ideaId)), 'utf8')
    .digest('hex');

function quoteOf(row: MessageRow, ideaId: string): QuoteView | null {
  if (row.quote_id === null) return null;
  const items = (typeof row.quote_items === 'string' ? JSON.parse(row.quote_items) : row.quote_items) as QuoteItem[];
  const quote = {
    id: row.quote_id,
    version: Number(row.quote_version ?? 1),
    createdAt: iso(row.quote_created_at!),
    items,
    totals: quoteTotals(items),
    validUntil: row.quote_valid_until!,
    notes: row.quote_notes ?? '',
    acceptedAt: isoOrNull(row.quote_accepted_at),
    acceptedName: row.quote_accepted_name,
    acceptedSha256: row.quote_accepted_sha256,
    supersededAt: isoOrNull(row.quote_superseded_at),
    withdrawnAt: isoOrNull(row.quote_withdrawn_at),
  };
  // Checked on every read: the document as stored is still the one accepted.
  const intact = quote.acceptedSha256 === null ? null : quoteSha256(quote, ideaId) === quote.acceptedSha256;
  return { ...quote, acceptanceIntact: intact };
}

/** The lead's messages, oldest first, with their memos' sizes (not bytes) and quotes. */
export async function loadThread(database: Database | { rows: RowsFn }, ideaId: string): Promise<ThreadView> {
  const rows = await database.rows<MessageRow>(sql`
    select t.id::text as id, t.at, t.side, m.email as member_email, t.body,
      tm.mime_type as memo_type, tm.duration_ms as memo_duration_ms, tm.byte_size as memo_size,
      q.id::text as quote_id, q.created_at as quote_created_at, q.items as quote_items,
      q.valid_until::text as quote_valid_until, q.notes as quote_notes, q.accepted_at as quote_accepted_at,
      q.version as quote_version, q.accepted_name as quote_accepted_name, q.accepted_sha256 as quote_accepted_sha256,
      q.superseded_at as quote_superseded_at, q.withdrawn_at as quote_withdrawn_at
    from thread_messages t
      left join team_members m on m.id = t.member_id
      left join thread_memos tm on tm.message_id = t.id
      left join quotes q on q.id = t.quote_id
    where t.idea_id = ${ideaId}::uuid order by t.at, t.id`);
  return {
    messages: rows.map((row): ThreadMessageView => ({
      id: row.id,
      at: iso(row.at),
      side: row.side,
      memberEmail: row.side === 'team' ? row.member_email : null,
      body: row.body,
      memo:
        row.memo_type === null
          ? null
          : { mimeType: row.memo_type, durationMs: Number(row.memo_duration_ms), byteSize: Number(row.memo_size) },
      quote: quoteOf(row, ideaId),
    })),
  };
}

/**
 * For the team only (decision 127): when a mail to the founder last bounced, and the replies to the lead's address
 * from another sender that the mailbox reader kept aside, newest first.
 */
export async function loadThreadMail(database: Database, ideaId: string): Promise<ThreadMailView> {
  const [address] = await database.rows<{ bounced_at: Date | string | null }>(
    sql`select bounced_at from reply_addresses where idea_id = ${ideaId}::uuid`,
  );
  const aside = await database.rows<{ at: Date | string; sender: string; subject: string; body: string }>(sql`
    select at, coalesce(sender, '') as sender, coalesce(subject, '') as subject, coalesce(body, '') as body
    from mailbox_messages where idea_id = ${ideaId}::uuid and outcome = 'aside' order by at desc`);
  return {
    bouncedAt: address?.bounced_at ? iso(address.bounced_at) : null,
    aside: aside.map((row) => ({ at: iso(row.at), sender: row.sender, subject: row.subject, body: row.body })),
  };
}

/**
 * The team clears the bounce mark on the founder's address (decision 140), in one transaction with `onCleared` (the
 * access record): the founder outbox mails it again. False when there was no mark (cleared already, or none).
 */
export async function clearBounce(
  database: Database,
  ideaId: string,
  onCleared: (rows: RowsFn) => Promise<void>,
): Promise<boolean> {
  return database.transaction(async (rows) => {
    const cleared = await rows(sql`update reply_addresses set bounced_at = null
      where idea_id = ${ideaId}::uuid and bounced_at is not null returning idea_id`);
    if (cleared.length === 0) return false;
    await onCleared(rows);
    return true;
  });
}

async function addEvent(rows: RowsFn, ideaId: string, memberId: string | null, kind: string, details: object) {
  await rows(sql`insert into idea_events (idea_id, at, member_id, kind, details)
    values (${ideaId}::uuid, now(), ${memberId}::uuid, ${kind}, ${JSON.stringify(details)}::jsonb)`);
}

/** A quote drafted from one that is no longer the lead's latest (`QuoteDraft.basedOn`): nothing is stored. */
export class StaleQuoteError extends Error {}

/**
 * A team message (with a quote when `quote` is given), stored first, then its mail queued in the same transaction;
 * `inTransaction` adds the caller's access record. Undefined when the idea does not exist.
 */
export async function sendTeamMessage(
  database: Database,
  input: { ideaId: string; memberId: string; body: string; quote?: Omit<QuoteDraft, 'body'> },
  inTransaction: (rows: RowsFn, messageId: string) => Promise<void>,
): Promise<string | undefined> {
  return database.transaction(async (rows) => {
    const [idea] = await rows<{ email: string }>(
      sql`select email from ideas where id = ${input.ideaId}::uuid for update`,
    );
    if (!idea) return undefined;
    const messageId = crypto.randomUUID();
    let supersededVersion: number | undefined;
    let quoteId: string | null = null;
    if (input.quote) {
      if (input.quote.basedOn !== undefined) {
        const [latest] = await rows<{ id: string }>(sql`select id::text as id from quotes
          where idea_id = ${input.ideaId}::uuid order by version desc limit 1`);
        if ((latest?.id ?? null) !== input.quote.basedOn) throw new StaleQuoteError();
      }
      quoteId = crypto.randomUUID();
      // The next version on the lead, and the one before it replaced (이전 견적): the idea's row is locked above, so
      // two quotes sent at once are numbered one after the other.
      const [replaced] = await rows<{ version: number }>(sql`update quotes set superseded_at = now()
        where idea_id = ${input.ideaId}::uuid and superseded_at is null and withdrawn_at is null
        returning version`);
      const [last] = await rows<{ version: number | null }>(
        sql`select max(version) as version from quotes where idea_id = ${input.ideaId}::uuid`,
      );
      await rows(sql`insert into quotes (id, idea_id, created_at, member_id, items, valid_until, notes, version)
        values (${quoteId}::uuid, ${input.ideaId}::uuid, now(), ${input.memberId}::uuid,
          ${JSON.stringify(input.quote.items)}::jsonb, ${input.quote.validUntil}::date, ${input.quote.notes},
          ${Number(last?.version ?? 0) + 1})`);
      if (replaced) supersededVersion = Number(replaced.version);
    }
    await rows(sql`insert into thread_messages (id, idea_id, at, side, member_id, body, quote_id)
      values (${messageId}::uuid, ${input.ideaId}::uuid, now(), 'team', ${input.memberId}::uuid, ${input.body},
        ${quoteId}::uuid)`);
    await addSearchText(rows, input.ideaId, input.body);
    // The founder outbox (decision 084): the recipient is read from the idea when sending; the hash as the cap's.
    await rows(sql`
      insert into founder_mails (idea_id, kind, ref, recipient_hash, status, attempts, created_at, next_attempt_at)
      select id, 'message', ${messageId}, encode(sha256(convert_to(lower(trim(email)), 'UTF8')), 'hex'),
        'pending', 0, now(), now()
      from ideas where id = ${input.ideaId}::uuid
      on conflict (idea_id, kind, ref) do nothing`);
    await addEvent(rows, input.ideaId, input.memberId, quoteId ? 'quote' : 'message', {
      messageId,
      ...(quoteId ? { quoteId } : {}),
      ...(supersededVersion !== undefined ? { supersedes: supersededVersion } : {}),
    });
    await inTransaction(rows, messageId);
    return messageId;
  });
}

export type AnswerOutcome = { ok: true; messageId: string } | { ok: false; reason: 'not_found' | 'rate_limited' };

/**
 * The founder's answer from the status page: refused when the link already sent `perHour` answers in the last hour
 * (counted in the same transaction, after locking the idea, so two answers at once cannot both pass the last slot).
 */
export async function storeAnswer(
  database: Database,
  input: {
    ideaId: string;
    body: string;
    memo?: { mimeType: string; durationMs: number; bytes: Buffer } | undefined;
    perHour: number;
  },
  inTransaction: (rows: RowsFn, messageId: string) => Promise<void>,
): Promise<AnswerOutcome> {
  return database.transaction(async (rows) => {
    const [idea] = await rows(sql`select id from ideas where id = ${input.ideaId}::uuid for update`);
    if (!idea) return { ok: false, reason: 'not_found' } as const;
    const [recent] = await rows<{ n: string | number }>(sql`select count(*) as n from thread_messages
      where idea_id = ${input.ideaId}::uuid and side = 'founder' and at > now() - interval '1 hour'`);
    if (Number(recent?.n ?? 0) >= input.perHour) return { ok: false, reason: 'rate_limited' } as const;
    const messageId = crypto.randomUUID();
    await rows(sql`insert into thread_messages (id, idea_id, at, side, body)
      values (${messageId}::uuid, ${input.ideaId}::uuid, now(), 'founder', ${input.body})`);
    await addSearchText(rows, input.ideaId, input.body);
    if (input.memo)
      await rows(sql`insert into thread_memos (message_id, idea_id, mime_type, duration_ms, byte_size, bytes)
        values (${messageId}::uuid, ${input.ideaId}::uuid, ${input.memo.mimeType}, ${input.memo.durationMs},
          ${input.memo.bytes.length}, decode(${input.memo.bytes.toString('base64')}, 'base64'))`);
    await addEvent(rows, input.ideaId, null, 'answer', { messageId });
    await inTransaction(rows, messageId);
    return { ok: true, messageId } as const;
  });
}

export type QuoteRefusal = 'not_found' | Exclude<QuoteState, 'open'>;
export type AcceptOutcome = { ok: true; sha256: string } | { ok: false; reason: QuoteRefusal };

/** The quote of `ideaId` by its id, locked for the change (undefined when it is another lead's or none). */
async function lockedQuote(rows: RowsFn, ideaId: string, quoteId: string): Promise<QuoteView | undefined> {
  const [row] = await rows<MessageRow>(sql`select q.id::text as quote_id, q.created_at as quote_created_at,
      q.items as quote_items, q.valid_until::text as quote_valid_until, q.notes as quote_notes,
      q.accepted_at as quote_accepted_at, q.version as quote_version, q.accepted_name as quote_accepted_name,
      q.accepted_sha256 as quote_accepted_sha256, q.superseded_at as quote_superseded_at,
      q.withdrawn_at as quote_withdrawn_at
    from quotes q where q.id = ${quoteId}::uuid and q.idea_id = ${ideaId}::uuid for update`);
  return row ? (quoteOf(row, ideaId) ?? undefined) : undefined;
}

/**
 * The founder accepts the quote (「동의합니다」 and their name, issue 50): only the current one, within its 유효
 * 기한 (through that whole Korean day), neither withdrawn nor already accepted. What is stored fixes what was
 * accepted: the instant, the name and the SHA-256 of the quote's canonical form (domain/quote.ts canonicalQuote).
 */
export async function acceptQuote(
  database: Database,
  input: { ideaId: string; quoteId: string; name: string },
  inTransaction: (rows: RowsFn, quote: QuoteView) => Promise<void>,
  now = new Date(),
): Promise<AcceptOutcome> {
  return database.transaction(async (rows) => {
    // The idea's row first, as sending and withdrawing a quote lock it: one order, so no deadlock between them.
    await rows(sql`select id from ideas where id = ${input.ideaId}::uuid for update`);
    const quote = await lockedQuote(rows, input.ideaId, input.quoteId);
    if (!quote) return { ok: false, reason: 'not_found' } as const;
    const state = quoteState(quote, now);
    if (state !== 'open') return { ok: false, reason: state } as const;
    const sha256 = quoteSha256(quote, input.ideaId);
    await rows(sql`update quotes set accepted_at = now(), accepted_name = ${input.name}, accepted_sha256 = ${sha256}
      where id = ${quote.id}::uuid`);
    await addEvent(rows, input.ideaId, null, 'quote_accepted', { quoteId: quote.id, version: quote.version });
    await inTransaction(rows, quote);
    return { ok: true, sha256 } as const;
  });
}

/** The team withdraws a quote the founder has not accepted (the current one, open or expired). */
export async function withdrawQuote(
  database: Database,
  input: { ideaId: string; quoteId: string; memberId: string },
  inTransaction: (rows: RowsFn, quote: QuoteView) => Promise<void>,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: QuoteRefusal }> {
  return database.transaction(async (rows) => {
    await rows(sql`select id from ideas where id = ${input.ideaId}::uuid for update`);
    const quote = await lockedQuote(rows, input.ideaId, input.quoteId);
    if (!quote) return { ok: false, reason: 'not_found' } as const;
    const state = quoteState(quote, now);
    if (state !== 'open' && state !== 'expired') return { ok: false, reason: state } as const;
    await rows(sql`update quotes set withdrawn_at = now() where id = ${quote.id}::uuid`);
    await addEvent(rows, input.ideaId, input.memberId, 'quote_withdrawn', {
      quoteId: quote.id,
      version: quote.version,
    });
    await inTransaction(rows, quote);
    return { ok: true } as const;
  });
}

/** A memo of the idea's thread, or undefined. */
export async function threadMemo(
  database: Database,
  ideaId: string,
  messageId: string,
): Promise<{ mimeType: string; bytes: Buffer } | undefined> {
  const [row] = await database.rows<{ mime_type: string; memo_base64: string }>(sql`
    select mime_type, encode(bytes, 'base64') as memo_base64 from thread_memos
    where idea_id = ${ideaId}::uuid and message_id = ${messageId}::uuid`);
  return row ? { mimeType: row.mime_type, bytes: Buffer.from(row.memo_base64, 'base64') } : undefined;
}
