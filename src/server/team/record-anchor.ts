/**
 * The access records' anchor outside the database (decision 090). The chain's hashes are public arithmetic: whoever
 * can write to the database can cut records and recompute the rest. So two rows of `access_record_anchors` carry an
 * HMAC-SHA256 with a key the database does not hold:
 * - `head`: the newest record's seq and hash, rewritten with every append (in its transaction, under its lock);
 * - `cut`: the last record the retention job dropped (seq, hash and time).
 * Without the key nobody can write either row to match a cut chain. The key is ACCESS_RECORDS_KEY (every instance
 * the same: set it with several instances on PostgreSQL), else a key file DATA_DIR/access-records.key (0600),
 * made once. The server and the CLI register it at start (`registerRecordKey`); appends and checks read it from there.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { RowsFn } from '../db/client';

export const RECORD_KEY_FILE = 'access-records.key';

let recordKey: Buffer | undefined;

/** The key from the setting, else the data directory's key file (created on first use). */
export function resolveRecordKey(options: { key?: string; dataDir: string }): Buffer {
  if (options.key) return Buffer.from(options.key, 'utf8');
  const file = path.join(options.dataDir, RECORD_KEY_FILE);
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const key = crypto.randomBytes(32);
  try {
    fs.writeFileSync(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process made it first: theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
    throw error;
  }
}

/** Registers the key this process anchors and checks with. */
export function registerRecordKey(key: Buffer): void {
  recordKey = key;
}

export const hasRecordKey = () => recordKey !== undefined;

export interface Anchor {
  kind: 'head' | 'cut';
  seq: number;
  hash: string;
  at: string;
}

export function anchorMac(anchor: Anchor): string {
  if (!recordKey) throw new Error('no access record key registered (registerRecordKey)');
  return crypto
    .createHmac('sha256', recordKey)
    .update(`${anchor.kind}\n${anchor.seq}\n${anchor.hash}\n${new Date(anchor.at).toISOString()}`)
    .digest('hex');
}

/** Writes the anchor row (inside the caller's transaction); nothing without a registered key. */
export async function writeAnchor(rows: RowsFn, anchor: Anchor): Promise<void> {
  if (!recordKey) return;
  const mac = anchorMac(anchor);
  await rows(sql`insert into access_record_anchors (kind, seq, hash, at, mac)
    values (${anchor.kind}, ${anchor.seq}, ${anchor.hash}, ${new Date(anchor.at).toISOString()}::timestamptz, ${mac})
    on conflict (kind) do update set seq = excluded.seq, hash = excluded.hash, at = excluded.at, mac = excluded.mac`);
}

/** The anchor of `kind` when its MAC holds; 'forged' when it does not; undefined when there is none. */
export async function readAnchor(rows: RowsFn, kind: Anchor['kind']): Promise<Anchor | 'forged' | undefined> {
  const [row] = await rows<{ seq: number | string; hash: string; at: Date | string; mac: string }>(
    sql`select seq, hash, at, mac from access_record_anchors where kind = ${kind}`,
  );
  if (!row) return undefined;
  const anchor: Anchor = { kind, seq: Number(row.seq), hash: row.hash, at: new Date(row.at).toISOString() };
  const expected = Buffer.from(anchorMac(anchor), 'hex');
  const given = Buffer.from(row.mac, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? anchor : 'forged';
}
