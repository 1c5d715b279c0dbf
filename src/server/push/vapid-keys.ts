/**
 * The VAPID key pair the push services know this server by (decision 130): PUSH_VAPID_PUBLIC_KEY and
 * PUSH_VAPID_PRIVATE_KEY when set, else a pair made once and kept in `push_vapid_keys` (one row; every instance
 * reads the same, whichever made it), so `npm start` needs no setting.
 */
import { sql } from 'drizzle-orm';
import webPush from 'web-push';
import type { Database } from '../db/client';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export async function resolveVapidKeys(database: Database, configured: VapidKeys | undefined): Promise<VapidKeys> {
  if (configured) return configured;
  const candidate = webPush.generateVAPIDKeys();
  await database.rows(sql`insert into push_vapid_keys (id, public_key, private_key)
    values (1, ${candidate.publicKey}, ${candidate.privateKey}) on conflict (id) do nothing`);
  const [row] = await database.rows<{ public_key: string; private_key: string }>(
    sql`select public_key, private_key from push_vapid_keys where id = 1`,
  );
  if (!row) throw new Error('VAPID keys could not be stored');
  return { publicKey: row.public_key, privateKey: row.private_key };
}
