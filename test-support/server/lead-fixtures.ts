/**
 * Leads and members stored directly (no intake, no mail) for the workspace's server tests, the alert tests and
 * `npm run bench:team`, and the headers of a signed-in request from the workspace page.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LeadSource } from '../../src/domain/lead-source';
import type { Stage } from '../../src/domain/stages';
import { testConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { createSession } from '../../src/server/team/sessions';

export const TEAM_TEST_HOST = 'mvp24.example';

export interface StoredLead {
  id?: string;
  receivedAt?: Date;
  name?: string;
  email?: string;
  phone?: string;
  idea?: string;
  spamReason?: string | null;
  stage?: Stage;
  ownerId?: string | null;
  prototypeDeliveredAt?: Date | null;
  /** When it was closed; a lead stored at 종료 without one is closed at its receipt (stage 종료 is the close). */
  closedAt?: Date | null;
  /** Stored as the team mail's outbox row. */
  mail?: 'pending' | 'sent' | 'failed' | null;
  memo?: { mimeType: string; bytes: Buffer; durationMs: number };
  /** Where the visit began (decision 134); default: unknown. */
  source?: LeadSource;
}

export async function storeLead(database: Database, lead: StoredLead = {}): Promise<string> {
  const id = lead.id ?? crypto.randomUUID();
  const receivedAt = (lead.receivedAt ?? new Date()).toISOString();
  const closedAt = lead.closedAt?.toISOString() ?? (lead.stage === 'closed' ? receivedAt : null);
  const source = lead.source ?? { channel: 'unknown', source: '', medium: '', campaign: '' };
  await database.rows(sql`insert into ideas (id, received_at, idea, name, email, phone, spam_reason, stage, owner_id,
      prototype_delivered_at, prototype_url, closed_at, source_channel, source_name, source_medium, source_campaign)
    values (${id}::uuid, ${receivedAt}::timestamptz, ${lead.idea ?? '동네 빵집 예약 앱'}, ${lead.name ?? '홍길동'},
      ${lead.email ?? 'gildong@example.com'}, ${lead.phone ?? '010-1234-5678'}, ${lead.spamReason ?? null},
      ${lead.stage ?? 'new'}, ${lead.ownerId ?? null}::uuid, ${lead.prototypeDeliveredAt?.toISOString() ?? null}::timestamptz,
      ${lead.prototypeDeliveredAt ? 'https://proto.example/app' : null}, ${closedAt}::timestamptz, ${source.channel},
      ${source.source}, ${source.medium}, ${source.campaign})`);
  const mail = lead.mail === undefined ? (lead.spamReason ? null : 'sent') : lead.mail;
  if (mail)
    await database.rows(sql`insert into outbox (idea_id, status, attempts, created_at, next_attempt_at, sent_at)
      values (${id}::uuid, ${mail}, 1, ${receivedAt}::timestamptz, ${receivedAt}::timestamptz,
        ${mail === 'sent' ? receivedAt : null}::timestamptz)`);
  if (lead.memo)
    await database.rows(sql`insert into voice_memos (idea_id, mime_type, duration_ms, byte_size, bytes)
      values (${id}::uuid, ${lead.memo.mimeType}, ${lead.memo.durationMs}, ${lead.memo.bytes.length},
        decode(${lead.memo.bytes.toString('base64')}, 'base64'))`);
  return id;
}

export async function storeMember(
  database: Database,
  role: 'owner' | 'member' = 'owner',
  email?: string,
): Promise<{ id: string; email: string }> {
  const id = crypto.randomUUID();
  const address = email ?? `${id.slice(0, 8)}@mvp24.example`;
  await database.rows(sql`insert into team_members (id, email, role) values (${id}::uuid, ${address}, ${role})`);
  return { id, email: address };
}

/** A member with a live session: the headers the workspace page's requests carry (cookie, Origin). */
export async function signedIn(
  database: Database,
  role: 'owner' | 'member' = 'owner',
): Promise<{ member: { id: string; email: string }; headers: Record<string, string> }> {
  const member = await storeMember(database, role);
  // A session as long as TEAM_SESSION_HOURS's default lets one live.
  const token = await createSession(database.rows, member.id, { maxMs: testConfig().team.sessionMaxMs });
  return {
    member,
    headers: { host: TEAM_TEST_HOST, origin: `https://${TEAM_TEST_HOST}`, cookie: `mvp24_team=${token}` },
  };
}
