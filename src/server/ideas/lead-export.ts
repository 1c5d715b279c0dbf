/**
 * What the CSV export adds from the workspace's own records (issue 34): each lead's owner, its stage history, its
 * notes and its closing reason, and the tax details of its signed agreement (decision 150), read for the leads the export's filter holds (two statements, whatever the count).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TaxDetails } from '../../domain/contract';
import type { Stage } from '../../domain/stages';
import type { Database } from '../db/client';

export interface LeadRecords {
  owner: string | null;
  /** Each stage change, oldest first. */
  stages: { at: string; stage: Stage }[];
  notes: { at: string; text: string }[];
  /** The reason of the last move to 종료, while the lead is closed. */
  closeReason: string | null;
  /** The latest signed service agreement (decision 150): when, the tax details given, the deposit's receipt. */
  contract: { signedAt: string; tax: TaxDetails; depositReceivedAt: string | null } | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The records of the leads `where` (over `i`) holds, or of every lead. */
export async function leadRecords(database: Database, where?: SQL): Promise<Map<string, LeadRecords>> {
  const condition = where ? sql`where ${where}` : sql``;
  const records = new Map<string, LeadRecords>();
  const owners = await database.rows<{ id: string; owner: string | null; closed: boolean }>(sql`
    select i.id::text as id, tm.email as owner, i.closed_at is not null as closed
    from ideas i left join team_members tm on tm.id = i.owner_id ${condition}`);
  const closed = new Set<string>();
  for (const row of owners) {
    records.set(row.id, { owner: row.owner, stages: [], notes: [], closeReason: null, contract: null });
    if (row.closed) closed.add(row.id);
  }
  const events = await database.rows<{
    idea_id: string;
    kind: 'stage' | 'note';
    stage: Stage | null;
    at: Date | string;
    details: { text?: string; reason?: string } | null;
  }>(sql`select e.idea_id::text as idea_id, e.kind, e.stage, e.at, e.details
    from idea_events e join ideas i on i.id = e.idea_id ${condition} ${where ? sql`and` : sql`where`}
      e.kind in ('stage', 'note')
    order by e.at, e.id`);
  for (const event of events) {
    const record = records.get(event.idea_id);
    if (!record) continue;
    if (event.kind === 'note') record.notes.push({ at: iso(event.at), text: event.details?.text ?? '' });
    else if (event.stage) {
      record.stages.push({ at: iso(event.at), stage: event.stage });
      if (event.stage === 'closed' && closed.has(event.idea_id)) record.closeReason = event.details?.reason ?? null;
    }
  }
  // The signed agreements, oldest first: the latest one's details stay.
  const contracts = await database.rows<{
    idea_id: string;
    signed_at: Date | string;
    tax_details: TaxDetails | string;
    deposit_received_at: Date | string | null;
  }>(sql`select c.idea_id::text as idea_id, c.signed_at, c.tax_details, c.deposit_received_at
    from contracts c join ideas i on i.id = c.idea_id ${condition} ${where ? sql`and` : sql`where`}
      c.signed_at is not null
    order by c.signed_at, c.id`);
  for (const row of contracts) {
    const record = records.get(row.idea_id);
    if (!record) continue;
    record.contract = {
      signedAt: iso(row.signed_at),
      tax: (typeof row.tax_details === 'string' ? JSON.parse(row.tax_details) : row.tax_details) as TaxDetails,
      depositReceivedAt: row.deposit_received_at === null ? null : iso(row.deposit_received_at),
    };
  }
  return records;
}
