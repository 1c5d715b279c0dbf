/**
 * The form-token HMAC secret: FORM_SECRET when set, otherwise one generated on first boot and kept in the
 * database's settings table. PGlite keeps it under DATA_DIR (restarts agree); on PostgreSQL every instance reads
 * the same row (instances agree). The first writer wins; everyone then reads the winner.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

const KEY = 'form_secret';

export async function resolveFormSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const candidate = crypto.randomBytes(32).toString('base64url');
  await database.rows(
    sql`insert into settings (key, value) values (${KEY}, ${candidate}) on conflict (key) do nothing`,
  );
  const [row] = await database.rows<{ value: string }>(sql`select value from settings where key = ${KEY}`);
  if (!row) throw new Error('form secret could not be stored');
  return row.value;
}
