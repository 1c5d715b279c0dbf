/**
 * Erasure: removes ideas with everything that holds their personal data — the idea row, its outbox row, its
 * idempotency records, its voice memo, its thread with the team (messages, memos, quotes, agreements, the mails the mailbox reader kept and the reply address), the founder's mails (and with the idea row its status link hash and consent
 * record), and the .eml files the mail fallback wrote for it (its own mail, and any
 * digest or spam report that listed it). Used by `npm run ideas -- delete` (a visitor's request) and by the retention job.
 * Mail already delivered to the team's mailbox is outside the product: the CLI reminds the team to delete it there;
 * the founder's replies that the mailbox reader handled are expunged from it by the reader (decision 141).
 *
 * Erased means gone from the disk too (decision 077): a DELETE only marks rows dead, and their bytes stay in the
 * table, TOAST and index files and in the write-ahead log. Rewriting them is costly (it held every request for
 * seconds with 150 MB of memos), so it is off the request path (decision 105): the erasure's transaction deletes the
 * rows and adds an `erasure_purges` row, and answers; `purgePendingErasures` (jobs/erasure-purge.ts, one instance
 * at a time, within `retentionPromise.purgeMinutes`) rewrites the tables once for every erasure queued since the last
 * purge and, on PGlite, retires the WAL (`Database.purgeDeleted`). A voice memo is sealed with a key kept in the
 * idea's row (memo-cipher.ts): the key goes with the row, so the memo is unreadable at once, and the memo table is
 * not rewritten (only vacuumed), unless a memo stored before encryption was erased.
 *
 * A concluded agreement is the one thing the law makes the agency keep (decision 160): before the deletes, in the same
 * transaction, its records move to `contract_records` (`keepConcludedContracts`), apart from everything else and with
 * no link to the idea; all the rest goes as before. An agreement only sent or only signed by the founder goes with it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { retentionPromise } from '../../content/privacy';
import type { Database, RowsFn } from '../db/client';
import { removeMailFilesOf } from '../mail/mail-files';
import { ideaIdList } from '../db/idea-ids';

export interface Erased {
  ideas: number;
  outboxRows: number;
  idempotencyKeys: number;
  voiceMemos: number;
  mailFiles: number;
  /** The founder's confirmation, ready and thread message mails, queued or sent (decisions 084, 101). */
  founderMails: number;
  /** The thread's messages (both sides), the founder's memos in it, and the quotes (decisions 101, 102). */
  messages: number;
  threadMemos: number;
  quotes: number;
  /** Concluded agreements moved to `contract_records`, kept apart for the years the law requires (decision 160). */
  contractsKept: number;
}

export const nothingErased = (): Erased => ({
  ideas: 0,
  outboxRows: 0,
  idempotencyKeys: 0,
  voiceMemos: 0,
  mailFiles: 0,
  founderMails: 0,
  messages: 0,
  threadMemos: 0,
  quotes: 0,
  contractsKept: 0,
});

/**
 * Every table that holds a person's data or a copy of it (the idea with its memo's key, its mail records, its request
 * keys, its timeline, whose notes may name the person): the minute's purge rewrites those an erasure deleted from,
 * retention's hourly turn every one (decision 111).
 */
export const PERSONAL_DATA_TABLES = [
  'ideas',
  // The search text (decision 115): name, e-mail and idea, lowered.
  'idea_search',
  'outbox',
  'founder_mails',
  'idempotency_keys',
  'idea_events',
  // The meeting booking (decision 104): erased with the idea by its foreign keys' cascades.
  'meetings',
  'meeting_cells',
  'meeting_mails',
  'meeting_offers',
  // The thread (decision 101): its messages, the answers' memos (stored as sent, not sealed) and the quotes.
  'thread_messages',
  'thread_memos',
  'quotes',
  // The service agreement (decision 150): the typed signature and the tax details given at signing.
  'contracts',
  // The founder's reply address and the mails the mailbox reader kept for the lead (decisions 126, 127).
  'reply_addresses',
  'mailbox_messages',
  // The replies that named no lead, kept for the team's review (decision 142).
  'mailbox_unmatched',
  // The funnel by source (decision 135): the lead's marks (its closing reason among them) go by their cascade and
  // take its counts back; a campaign or reason only this lead had leaves with its row. The rewrite takes the dead
  // rows off the disk too.
  'lead_funnel_marks',
  'lead_source_days',
  // A concluded agreement's records kept apart after its lead's erasure (decision 160), deleted after `purge_after`.
  'contract_records',
] as const;

/**
 * The sealed memos: never rewritten for a sealed memo's erasure (its key went with the idea's row); vacuumed by
 * retention's turn so their space is reused (the first vacuum of a large table reads it all: not on every erasure);
 * rewritten by the purge after a plain memo's erasure.
 */
export const MEMO_TABLE = 'voice_memos';

/**
 * The tables an erasure that deleted a meeting rewrites: the meeting's own rows and, by their foreign keys' cascades,
 * its cells and mails.
 */
const MEETING_TABLES = ['meetings', 'meeting_cells', 'meeting_mails', 'meeting_offers'] as const;

/**
 * Queues a purge in the caller's transaction: the erasure (or cleared column) it covers commits with it. `tables`:
 * the ones it deleted from (the minute's purge rewrites only these); without, every personal-data table.
 */
export async function queuePurge(
  rows: RowsFn,
  options: { plainMemo?: boolean; tables?: readonly string[] } = {},
): Promise<void> {
  const tables = options.tables
    ? sql`array[${sql.join(
        options.tables.map((table) => sql`${table}`),
        sql`, `,
      )}]::text[]`
    : sql`null`;
  await rows(sql`insert into erasure_purges (plain_memo, tables) values (${options.plainMemo ?? false}, ${tables})`);
}

/**
 * Runs the purge queued erasures wait for, once for all of them (many erasures, one rewrite); returns how many
 * erasures it covered (0: nothing was waiting, nothing ran). The minute's turn (decision 111) rewrites only the
 * tables the waiting erasures deleted from (a status-link erasure: five of the twelve; each rewrite of even an empty
 * table holds PGlite for tens of milliseconds) and marks them purged. `everyTable` (retention's hourly turn) rewrites
 * every personal-data table once if any erasure was queued since its last turn, so a row of an erased lead deleted
 * earlier by the workspace itself (an expired request key, a cancelled meeting) leaves the disk within the hour,
 * and then forgets the queue. Only the queue rows it read are marked or removed: one committed during the rewrite
 * waits for the next turn.
 */
export async function purgePendingErasures(
  database: Database,
  options: { vacuumMemos?: boolean; everyTable?: boolean } = {},
): Promise<number> {
  const queued = await database.rows<{ id: string; plain_memo: boolean; tables: string[] | null; purged: boolean }>(
    sql`select id::text as id, plain_memo, tables, purged_at is not null as purged from erasure_purges order by id`,
  );
  const pending = queued.filter((row) => !row.purged);
  const covered = options.everyTable ? queued : pending;
  if (covered.length === 0) {
    if (options.vacuumMemos) await database.purgeDeleted([], [MEMO_TABLE]);
    return 0;
  }
  const every = options.everyTable || pending.some((row) => row.tables === null);
  const named = new Set(pending.flatMap((row) => row.tables ?? []));
  const tables: string[] = PERSONAL_DATA_TABLES.filter((table) => every || named.has(table));
  if (pending.some((row) => row.plain_memo)) tables.push(MEMO_TABLE);
  await database.purgeDeleted(tables, options.vacuumMemos ? [MEMO_TABLE] : []);
  const ids = sql.join(
    covered.map((row) => sql`${row.id}::bigint`),
    sql`, `,
  );
  await database.rows(
    options.everyTable
      ? sql`delete from erasure_purges where id in (${ids})`
      : sql`update erasure_purges set purged_at = now() where id in (${ids})`,
  );
  return pending.length;
}

/**
 * Moves the concluded (countersigned) agreements of the ideas `list` to `contract_records`, in the caller's
 * transaction, before their rows are deleted (decision 160): exactly the records 전자상거래법 시행령 제6조 names — the
 * agreement as signed, the accepted quote's version, lines and fingerprint, both signatures, the tax details, the
 * deposit's receipt — and `purge_after`, the conclusion plus `retentionPromise.contractYears`. The lead's reference is
 * kept because the agreement's fingerprint covers it (domain/contract.ts `canonicalContract`); the countersigning
 * member by the address they had then, as the row may outlive them. Returns how many moved.
 */
export async function keepConcludedContracts(rows: RowsFn, list: SQL): Promise<number> {
  const kept = await rows(sql`insert into contract_records (id, reference, created_at, quote_id, quote_version,
      quote_sha256, quote_items, schedule, deposit_percent, terms, signed_at, signed_name, sha256, tax_details,
      concluded_at, concluded_by, deposit_received_at, purge_after)
    select c.id, left(c.idea_id::text, 8), c.created_at, q.id, q.version, coalesce(q.accepted_sha256, ''), q.items, c.schedule,
      c.deposit_percent, c.terms, c.signed_at, c.signed_name, c.sha256, c.tax_details, c.countersigned_at, m.email,
      c.deposit_received_at, c.countersigned_at + ${retentionPromise.contractYears}::int * interval '1 year'
    from contracts c join quotes q on q.id = c.quote_id left join team_members m on m.id = c.countersigned_by
    where c.idea_id in (${list}) and c.countersigned_at is not null
    on conflict (id) do nothing
    returning 1`);
  return kept.length;
}

/** Whether erasing the idea `id` would keep an agreement's records (a concluded one): the confirmations say so. */
export async function keepsContractRecords(database: Pick<Database, 'rows'>, id: string): Promise<boolean> {
  const rows = await database.rows(
    sql`select 1 from contracts where idea_id = ${id}::uuid and countersigned_at is not null limit 1`,
  );
  return rows.length > 0;
}

interface ErasedRow extends Record<string, unknown> {
  mailbox_originals: number | string;
  plain_memos: number | string;
  meetings: number | string;
  ideas: number | string;
  outbox: number | string;
  idempotency_keys: number | string;
  voice_memos: number | string;
  founder_mails: number | string;
  thread_messages: number | string;
  thread_memos: number | string;
  quotes: number | string;
  contracts: number | string;
  idea_events: number | string;
  idea_search: number | string;
  reply_addresses: number | string;
  mailbox_messages: number | string;
}

export async function eraseIdeas(
  database: Database,
  ids: string[],
  dataDir: string,
  options: { inTransaction?: (rows: RowsFn, erased: Erased) => Promise<void> } = {},
): Promise<Erased> {
  const erased = nothingErased();
  if (ids.length === 0) return erased;
  const list = ideaIdList(ids);
  await database.transaction(async (rows) => {
    // The ideas' rows first, as every change to a lead's agreement locks them (thread/contract-store.ts): a
    // countersignature in flight commits before the copy below reads, so a contract concluded then is kept too.
    await rows(sql`select id from ideas where id in (${list}) order by id for update`);
    erased.contractsKept = await keepConcludedContracts(rows, list);
    // One statement (decision 111): every row of the ideas goes in one snapshot, each table's count read back. The
    // meetings' cells and mails go by their cascades, the meeting's presence is counted first. A memo without a key
    // was stored before encryption: its plain bytes need the memo table rewritten.
    const deleted = (table: string, column = 'idea_id') =>
      sql`delete from ${sql.raw(table)} where ${sql.raw(column)} in (${list}) returning 1`;
    const tables = [
      'idempotency_keys',
      'outbox',
      'founder_mails',
      'voice_memos',
      'thread_memos',
      'mailbox_messages',
      'thread_messages',
      'contracts',
      'quotes',
      'reply_addresses',
      'idea_events',
      'idea_search',
    ] as const;
    const [row] = await rows<ErasedRow>(sql`with
      plain_memos as (select 1 from voice_memos m join ideas i on i.id = m.idea_id
        where m.idea_id in (${list}) and i.memo_key is null),
      meetings_of as (select 1 from meetings where idea_id in (${list})
        union all select 1 from meeting_offers where idea_id in (${list})),
      -- The lead's mails in the team's mailbox (decision 141): the reader expunges them (mailbox/mailbox-erasure.ts),
      -- once one has ever read the mailbox. Read in the statement's one snapshot, before the deletes below.
      mailbox_originals as (insert into mailbox_erasures (reference, token, mail_ids)
        select left(r.idea_id::text, 8), r.token, array(select m.mail_id from mailbox_messages m
          where m.idea_id = r.idea_id and m.mail_id is not null)
        from reply_addresses r where r.idea_id in (${list})
          and exists (select 1 from scheduled_jobs where name = 'mailbox-reader')
        returning 1),
      ${sql.join(
        tables.map((table) => sql`${sql.raw(`d_${table}`)} as (${deleted(table)})`),
        sql`, `,
      )},
      d_ideas as (${deleted('ideas', 'id')})
      select (select count(*) from mailbox_originals) as mailbox_originals,
        (select count(*) from plain_memos) as plain_memos, (select count(*) from meetings_of) as meetings,
        (select count(*) from d_ideas) as ideas, ${sql.join(
          tables.map((table) => sql.raw(`(select count(*) from d_${table}) as ${table}`)),
          sql`, `,
        )}`);
    const n = (value: number | string | undefined) => Number(value ?? 0);
    erased.ideas = n(row?.ideas);
    erased.outboxRows = n(row?.outbox);
    erased.idempotencyKeys = n(row?.idempotency_keys);
    erased.voiceMemos = n(row?.voice_memos);
    erased.founderMails = n(row?.founder_mails);
    erased.messages = n(row?.thread_messages);
    erased.threadMemos = n(row?.thread_memos);
    erased.quotes = n(row?.quotes);
    if (erased.ideas > 0) {
      // The ideas row always (its key, its text); each other table only when it lost a row here.
      const touched: string[] = ['ideas', 'lead_funnel_marks', 'lead_source_days'];
      if (row)
        for (const table of PERSONAL_DATA_TABLES) if (table in row && n(row[table] as string) > 0) touched.push(table);
      if (n(row?.meetings) > 0) touched.push(...MEETING_TABLES);
      await queuePurge(rows, { plainMemo: n(row?.plain_memos) > 0, tables: [...new Set(touched)] });
    }
    // The caller's own record of the erasure (an access record) commits or rolls back with it.
    await options.inTransaction?.(rows, erased);
  });
  // After the commit: a failed transaction leaves the team's copy. Should this step not finish, retention's sweep
  // (mail/mail-files.ts) removes the files of ideas that no longer exist.
  erased.mailFiles = await removeMailFilesOf(dataDir, ids);
  return erased;
}
