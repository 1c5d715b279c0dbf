/**
 * A member's devices (table `push_subscriptions`, decision 130): the browser's push subscription, its keys and the
 * events chosen. A subscription is the endpoint's: stored again (a member changes the choices, or another member
 * signs in on the same browser) it is updated and belongs to whoever stored it last. Removed by the member, when the
 * push service answers 404/410 (push-sender.ts), and with the member (team/members.ts).
 */
import { sql } from 'drizzle-orm';
import type { PushChoice, PushDevice, PushSubscriptionRequest } from '../../domain/push';
import type { Database } from '../db/client';

interface DeviceRow extends Record<string, unknown> {
  id: string;
  device: string;
  choices: PushChoice[] | string;
  endpoint: string;
  created_at: Date | string;
  last_success_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** PGlite and node-postgres both give text[] as an array; a literal `{a,b}` is read too. */
const choicesOf = (value: PushChoice[] | string): PushChoice[] =>
  Array.isArray(value)
    ? value
    : (value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean) as PushChoice[]);

const deviceOf = (row: DeviceRow): PushDevice => ({
  id: row.id,
  device: row.device,
  choices: choicesOf(row.choices),
  endpoint: row.endpoint,
  createdAt: iso(row.created_at),
  lastSuccessAt: row.last_success_at === null ? null : iso(row.last_success_at),
});

const choicesLiteral = (choices: readonly PushChoice[]) => `{${[...new Set(choices)].join(',')}}`;

export async function storeSubscription(
  database: Database,
  memberId: string,
  request: PushSubscriptionRequest,
): Promise<PushDevice> {
  const { subscription, choices, device } = request;
  const [row] = await database.rows<DeviceRow>(sql`
    insert into push_subscriptions (member_id, endpoint, p256dh, auth, device, choices)
    values (${memberId}::uuid, ${subscription.endpoint}, ${subscription.keys.p256dh}, ${subscription.keys.auth},
      ${device}, ${choicesLiteral(choices)}::text[])
    on conflict (endpoint) do update set member_id = excluded.member_id, p256dh = excluded.p256dh,
      auth = excluded.auth, device = excluded.device, choices = excluded.choices
    returning id::text, device, choices, endpoint, created_at, last_success_at`);
  return deviceOf(row!);
}

export async function devicesOf(database: Database, memberId: string): Promise<PushDevice[]> {
  const rows = await database.rows<DeviceRow>(sql`
    select id::text, device, choices, endpoint, created_at, last_success_at from push_subscriptions
    where member_id = ${memberId}::uuid order by created_at, id`);
  return rows.map(deviceOf);
}

/** Removes one of the member's devices (its queued notifications go with it); false when it is not theirs. */
export async function removeSubscription(database: Database, memberId: string, id: string): Promise<boolean> {
  const removed = await database.rows(sql`
    delete from push_subscriptions where id = ${id}::uuid and member_id = ${memberId}::uuid returning id`);
  return removed.length === 1;
}
