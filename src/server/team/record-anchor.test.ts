/**
 * The access records cannot be cut quietly (issue 33 item 3, decision 090), on both databases: deleting the newest
 * record or the newest 10, the first 5 (well inside the retention period), or one from the middle with the chain
 * recomputed by the public algorithm, each fails the check and names what is missing; the retention job's own cut
 * passes; and `npm run team -- check-records` exits 1 saying so.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/team';
import { runCaptured } from '../../cli/captured-cli';
import { useTeamTestApp } from '../../../test-support/server/team-test-app';
import { APP_TEST_TIMEOUT_MS, DRIVERS } from '../../../test-support/server/test-database';
import { dropOldAccessRecords, GENESIS_HASH, recordAccess, recordHash, verifyAccessChain } from './access-records';

const DAY = 86_400_000;

describe.each(DRIVERS)('the anchored access records on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  const team = useTeamTestApp(driver);

  async function fill(count: number, start = new Date()) {
    for (let i = 0; i < count; i += 1)
      await recordAccess(team.database, {
        actor: 'member',
        action: 'lead_viewed',
        ideaId: crypto.randomUUID(),
        at: new Date(start.getTime() + i * 1000),
      });
  }

  it('passes an untouched chain, with sequence numbers from 1 and no gaps', async () => {
    await fill(20);
    expect(await verifyAccessChain(team.database, { retentionDays: 730 })).toEqual({ ok: true, checked: 20 });
    const seqs = (await team.database.rows<{ seq: string }>(sql`select seq from access_records order by seq`)).map(
      (row) => Number(row.seq),
    );
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('finds the newest record deleted, and the newest 10', async () => {
    await fill(20);
    await team.database.rows(sql`delete from access_records where seq = 20`);
    expect(await verifyAccessChain(team.database)).toMatchObject({
      ok: false,
      problem: 'end',
      missing: { from: 20, to: 20 },
    });
    await team.database.rows(sql`delete from access_records where seq > 10`);
    expect(await verifyAccessChain(team.database)).toMatchObject({
      ok: false,
      problem: 'end',
      missing: { from: 11, to: 20 },
    });
  });

  it('finds the first 5 deleted inside the retention period', async () => {
    await fill(20);
    await team.database.rows(sql`delete from access_records where seq <= 5`);
    expect(await verifyAccessChain(team.database, { retentionDays: 730 })).toMatchObject({
      ok: false,
      problem: 'start',
      brokenAt: 6,
      missing: { from: 1, to: 5 },
    });
  });

  it('finds one record removed and the chain recomputed with the public algorithm', async () => {
    await fill(10);
    await team.database.rows(sql`delete from access_records where seq = 4`);
    // Renumber and rehash everything after it, as anyone who read access-records.ts could.
    const rows = await team.database.rows<Record<string, unknown>>(sql`select * from access_records order by seq`);
    let prev = GENESIS_HASH;
    await team.database.rows(sql`delete from access_records`);
    for (const [index, row] of rows.entries()) {
      const record = {
        at: new Date(row.at as string).toISOString(),
        actor: row.actor,
        action: row.action,
        memberId: row.member_id,
        ip: row.ip,
        ideaId: row.idea_id,
        details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
      } as Parameters<typeof recordHash>[1];
      const hash = recordHash(prev, record);
      await team.database
        .rows(sql`insert into access_records (seq, at, actor, action, member_id, ip, idea_id, details, prev_hash, hash)
        values (${index + 1}, ${record.at}::timestamptz, ${record.actor}, ${record.action}, ${record.memberId}::uuid,
          ${record.ip}, ${record.ideaId}::uuid, ${JSON.stringify(record.details)}::jsonb, ${prev}, ${hash})`);
      prev = hash;
    }
    expect(await verifyAccessChain(team.database)).toMatchObject({
      ok: false,
      problem: 'end',
      missing: { from: 10, to: 10 },
    });
    // Forging the head anchor as well needs the key the database does not hold.
    await team.database.rows(sql`update access_record_anchors set seq = 9, hash = ${prev} where kind = 'head'`);
    expect(await verifyAccessChain(team.database)).toMatchObject({ ok: false, problem: 'anchor' });
  });

  it("passes the retention job's own cut, and finds a cut beyond it", async () => {
    const now = new Date();
    await fill(5, new Date(now.getTime() - 800 * DAY));
    await fill(5, new Date(now.getTime() - DAY));
    expect(await dropOldAccessRecords(team.database, 730, now)).toBe(5);
    expect(await verifyAccessChain(team.database, { retentionDays: 730, now })).toEqual({ ok: true, checked: 5 });
    await team.database.rows(sql`delete from access_records where seq = 6`);
    expect(await verifyAccessChain(team.database, { retentionDays: 730, now })).toMatchObject({
      ok: false,
      problem: 'start',
      missing: { from: 6, to: 6 },
    });
  });

  if (driver === 'postgres')
    it('makes `team check-records` exit 1 naming the missing records', async () => {
      await fill(12);
      await team.database.rows(sql`delete from access_records where seq > 9`);
      const env = { DATABASE_URL: team.store.databaseUrl!, DATA_DIR: team.store.dataDir };
      const result = await runCaptured(main, env, ['check-records']);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('10번부터 12번까지 기록 3건이 빠졌어요');
    });
});
