/**
 * Who may export every lead and erase leads (decision 083): owners, and a member an owner allowed
 * (`team_members.may_export_erase`, set with members.ts `setExportEraseGrant`, recorded). Read at each request, so a
 * grant taken back holds at once.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { SessionMember } from './sessions';

export async function mayExportErase(database: Database, member: SessionMember): Promise<boolean> {
  if (member.role === 'owner') return true;
  const [row] = await database.rows<{ granted: boolean }>(
    sql`select may_export_erase as granted from team_members where id = ${member.id}::uuid and removed_at is null`,
  );
  return Boolean(row?.granted);
}
