/**
 * Retention, as the privacy policy promises: an idea is destroyed IDEA_RETENTION_DAYS after the consultation was
 * closed (`ideas close`), or after receipt when it never was; a concluded agreement's records move out of it as it
 * goes and are kept apart until their `purge_after` (`retentionPromise.contractYears` after the conclusion, decision
 * 160), then deleted here; a client address kept on an idea for abuse checks is cleared after IP_RETENTION_DAYS.
 * Erasure removes everything that holds the idea's personal data (erase-ideas.ts); a sweep of the mail fallback's folder catches .eml files left by an interrupted erasure (mail/mail-files.ts).
 * Each erasure and each clearing queues a purge; the turn ends by running the queued purge once, so nothing of what
 * it erased stays in the data directory (erase-ideas.ts, decisions 077 and 105).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eraseIdeas, purgePendingErasures, queuePurge } from '../ideas/erase-ideas';
import { sweepMailFiles } from '../mail/mail-files';
import type { ScheduledJob } from './scheduler';

const BATCH = 500;

export interface RetentionOptions {
  ideaDays: number;
  ipDays: number;
  dataDir: string;
  /** IMAP_UNMATCHED_DAYS: a reply that named no lead is erased that long after it came (decision 142). */
  unmatchedDays: number;
}

/**
 * Erases the replies that named no lead and were not attached within `days` (decision 142), open or dismissed, and
 * queues their originals' expunge from the team's mailbox (mailbox_erasures, decision 141) in the same transaction.
 */
export async function eraseOldUnmatched(database: Database, now: Date, days: number): Promise<number> {
  return database.transaction(async (rows) => {
    const [row] = await rows<{ n: number | string }>(sql`
      with gone as (delete from mailbox_unmatched
          where at < ${now.toISOString()}::timestamptz - ${days}::int * interval '1 day' returning mail_id),
        originals as (insert into mailbox_erasures (reference, mail_ids)
          select '', array_agg(mail_id) from gone where mail_id is not null having count(*) > 0 returning 1)
      select (select count(*) from gone) as n, (select count(*) from originals) as queued`);
    const erased = Number(row?.n ?? 0);
    if (erased > 0) await queuePurge(rows, { tables: ['mailbox_unmatched'] });
    return erased;
  });
}

/** Erases every idea past its retention period; returns how many. The caller purges (`purgePendingErasures`) after. */
export async function destroyExpiredIdeas(database: Database, now: Date, options: RetentionOptions): Promise<number> {
  let destroyed = 0;
  for (;;) {
    const expired = await database.rows<{ id: string }>(sql`
      select id::text as id from ideas
      where coalesce(closed_at, received_at) < ${now.toISOString()}::timestamptz - ${options.ideaDays}::int * interval '1 day'
      limit ${BATCH}`);
    if (expired.length === 0) return destroyed;
    destroyed += (
      await eraseIdeas(
        database,
        expired.map((row) => row.id),
        options.dataDir,
      )
    ).ideas;
  }
}

/**
 * Deletes the concluded agreements' records kept apart (decision 160) whose `purge_after` has passed, and queues the
 * purge of their bytes; returns how many.
 */
export async function purgeOldContractRecords(database: Database, now: Date): Promise<number> {
  return database.transaction(async (rows) => {
    const purged = await rows(
      sql`delete from contract_records where purge_after <= ${now.toISOString()}::timestamptz returning 1`,
    );
    if (purged.length > 0) await queuePurge(rows, { tables: ['contract_records'] });
    return purged.length;
  });
}

/** Clears client addresses older than the IP retention period (and queues the purge of the old values); returns how many. */
export async function clearOldClientIps(database: Database, now: Date, ipDays: number): Promise<number> {
  return database.transaction(async (rows) => {
    const cleared = await rows(sql`
      update ideas set client_ip = null
      where client_ip is not null and received_at < ${now.toISOString()}::timestamptz - ${ipDays}::int * interval '1 day'
      returning id`);
    if (cleared.length > 0) await queuePurge(rows, { tables: ['ideas'] });
    return cleared.length;
  });
}

export function retentionJob(database: Database, options: RetentionOptions): ScheduledJob {
  return {
    name: 'retention',
    everyMs: 3_600_000,
    async run(now) {
      const ideas = await destroyExpiredIdeas(database, now, options);
      const ips = await clearOldClientIps(database, now, options.ipDays);
      const unmatched = await eraseOldUnmatched(database, now, options.unmatchedDays);
      const contracts = await purgeOldContractRecords(database, now);
      const files = await sweepMailFiles(database, options.dataDir, now, options.ideaDays);
      const purged = await purgePendingErasures(database, { vacuumMemos: true, everyTable: true });
      return `${ideas} ideas destroyed, ${ips} client addresses cleared, ${unmatched} unmatched mails erased, ${contracts} kept contract records deleted, ${files} mail files swept, ${purged} erasures purged`;
    },
  };
}
