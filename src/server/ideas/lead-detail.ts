/**
 * One lead as the workspace shows it: the whole idea (team-ideas.ts's findIdea), its 24-hour clock, owner, team
 * mail delivery, and its timeline — received, the team mail sent, then every `idea_events` row (stage, owner,
 * note, release, close) with who did it. Also the two changes that are only events: owner and notes.
 */
import { openMemoBase64 } from '../storage/memo-cipher';
import { sql } from 'drizzle-orm';
import type { Stage } from '../../domain/stages';
import { leadReference } from '../../domain/lead-reference';
import { type LeadDetail, type LeadTimelineEntry } from '../../domain/workspace-api';
import type { Database, RowsFn } from '../db/client';
import { isIdeaId } from '../db/idea-ids';
import { oneLine, promisedBy } from './lead-inbox';
import { findIdea } from './team-ideas';
import { addSearchText } from './search-text';
import { keepsContractRecords } from './erase-ideas';

interface EventRow extends Record<string, unknown> {
  at: Date | string;
  kind:
    | 'stage'
    | 'owner'
    | 'note'
    | 'released'
    | 'closed'
    | 'message'
    | 'answer'
    | 'quote'
    | 'quote_accepted'
    | 'quote_withdrawn'
    | 'contract'
    | 'contract_signed'
    | 'contract_concluded'
    | 'deposit_received'
    | 'meeting_booked'
    | 'meeting_moved'
    | 'meeting_cancelled';
  stage: Stage | null;
  details: Record<string, unknown> | string;
  member_email: string | null;
  owner_email: string | null;
}

function toEntry(row: EventRow): LeadTimelineEntry {
  const at = new Date(row.at).toISOString();
  const memberEmail = row.member_email;
  const details = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<string, unknown>;
  switch (row.kind) {
    case 'stage':
      return {
        kind: 'stage',
        at,
        memberEmail,
        stage: row.stage!,
        ...(typeof details.prototypeUrl === 'string' ? { prototypeUrl: details.prototypeUrl } : {}),
        ...(typeof details.reason === 'string' ? { reason: details.reason } : {}),
        // A booked meeting's time (booking/meetings.ts).
        ...(typeof details.meetingAt === 'string' ? { meetingAt: details.meetingAt } : {}),
      };
    case 'owner':
      return { kind: 'owner', at, memberEmail, ownerEmail: row.owner_email };
    case 'note':
      return { kind: 'note', at, memberEmail, text: typeof details.text === 'string' ? details.text : '' };
    case 'released':
      return { kind: 'released', at, memberEmail };
    case 'closed':
      return { kind: 'closed', at, memberEmail };
    case 'message':
    case 'answer':
    case 'quote':
    case 'quote_accepted':
    case 'quote_withdrawn':
    case 'contract':
    case 'contract_signed':
    case 'contract_concluded':
    case 'deposit_received':
      return { kind: row.kind, at, memberEmail };
    // The meeting's changes (booking/meetings.ts): no member is the founder, on the status page.
    case 'meeting_booked':
    case 'meeting_moved':
    case 'meeting_cancelled':
      return {
        kind: row.kind,
        at,
        memberEmail,
        meetingAt: typeof details.meetingAt === 'string' ? details.meetingAt : at,
      };
  }
}

/** The lead with id `id` (a full id only), or undefined. */
export async function findLead(database: Database, id: string, now = new Date()): Promise<LeadDetail | undefined> {
  if (!isIdeaId(id)) return undefined;
  const idea = await findIdea(database, id);
  if (!idea) return undefined;
  const [events, members, concluded] = await Promise.all([
    database.rows<EventRow>(sql`
      select e.at, e.kind, e.stage, e.details, m.email as member_email, o.email as owner_email
      from idea_events e
        left join team_members m on m.id = e.member_id
        left join team_members o on e.kind = 'owner' and o.id = (e.details->>'ownerId')::uuid
      where e.idea_id = ${id}::uuid order by e.at, e.id`),
    database.rows<{ id: string; email: string }>(
      sql`select id, email from team_members where removed_at is null order by email`,
    ),
    keepsContractRecords(database, id),
  ]);
  const owner = idea.ownerId
    ? (
        await database.rows<{ id: string; email: string }>(
          sql`select id, email from team_members where id = ${idea.ownerId}::uuid`,
        )
      )[0]
    : undefined;
  const entries = events.map(toEntry);
  // A release or close from before the timeline kept events (the CLI then) still shows, by its time on the idea.
  const has = (kind: LeadTimelineEntry['kind']) => entries.some((entry) => entry.kind === kind);
  const timeline: LeadTimelineEntry[] = [
    { kind: 'received' as const, at: idea.receivedAt },
    ...(idea.sentAt ? [{ kind: 'mail_sent' as const, at: idea.sentAt }] : []),
    ...(idea.releasedAt && !has('released')
      ? [{ kind: 'released' as const, at: idea.releasedAt, memberEmail: null }]
      : []),
    ...(idea.closedAt && !has('closed') ? [{ kind: 'closed' as const, at: idea.closedAt, memberEmail: null }] : []),
    ...entries,
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return {
    id: idea.id,
    reference: leadReference(idea.id),
    name: idea.name,
    email: idea.email,
    phone: idea.phone,
    idea: idea.idea,
    summary: oneLine(idea.idea),
    stage: idea.stage,
    owner: owner ?? null,
    voice: idea.memo !== null,
    source: idea.source,
    memo: idea.memo,
    spamReason: idea.spamReason,
    releasedAt: idea.releasedAt,
    closedAt: idea.closedAt,
    prototypeUrl: idea.prototypeUrl,
    consent: idea.consent,
    clock: {
      receivedAt: idea.receivedAt,
      promisedBy: promisedBy(idea.receivedAt),
      deliveredAt: idea.prototypeDeliveredAt,
      closedAt: idea.closedAt,
      spam: idea.spamReason !== null && idea.releasedAt === null,
    },
    delivery: { status: idea.status, attempts: idea.attempts, sentAt: idea.sentAt, lastError: idea.lastError },
    timeline,
    contractConcluded: concluded,
    members,
    now: now.toISOString(),
  };
}

/**
 * Gives the lead to a member (or back to the whole team with null), inside the caller's transaction; false when
 * there is no such idea or no such (current) member.
 */
export async function changeOwner(
  rows: RowsFn,
  ideaId: string,
  ownerId: string | null,
  options: { memberId: string | null },
): Promise<boolean> {
  if (ownerId) {
    const [member] = await rows(sql`select id from team_members where id = ${ownerId}::uuid and removed_at is null`);
    if (!member) return false;
  }
  const [idea] = await rows(sql`update ideas set owner_id = ${ownerId}::uuid where id = ${ideaId}::uuid returning id`);
  if (!idea) return false;
  await rows(sql`insert into idea_events (idea_id, at, member_id, kind, details)
    values (${ideaId}::uuid, now(), ${options.memberId}::uuid, 'owner', ${JSON.stringify({ ownerId })}::jsonb)`);
  return true;
}

/** Adds a note to the lead's timeline inside the caller's transaction; false when there is no such idea. */
export async function addNote(
  rows: RowsFn,
  ideaId: string,
  text: string,
  options: { memberId: string | null },
): Promise<boolean> {
  const added = await rows(sql`insert into idea_events (idea_id, at, member_id, kind, details)
    select id, now(), ${options.memberId}::uuid, 'note', ${JSON.stringify({ text })}::jsonb
    from ideas where id = ${ideaId}::uuid returning id`);
  if (added.length === 1) await addSearchText(rows, ideaId, text);
  return added.length === 1;
}

/** The memo's stored type and bytes (full id only). */
export async function leadMemo(
  database: Database,
  id: string,
): Promise<{ mimeType: string; bytes: Buffer } | undefined> {
  if (!isIdeaId(id)) return undefined;
  const [row] = await database.rows<{ mime_type: string; base64: string; key: string | null }>(
    sql`select m.mime_type, encode(m.bytes, 'base64') as base64, encode(i.memo_key, 'base64') as key
      from voice_memos m join ideas i on i.id = m.idea_id where m.idea_id = ${id}::uuid`,
  );
  return row ? { mimeType: row.mime_type, bytes: openMemoBase64(row.base64, row.key) } : undefined;
}
