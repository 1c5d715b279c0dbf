/**
 * The leads in the workspace API (contract: domain/workspace-api.ts): the inbox, one lead, its voice memo (ranges,
 * so the page's <audio> can seek), the figures, and every change the CLI makes — stage, owner, notes, release,
 * close, erase, CSV export. Each change is stored with its `idea_events` row and its access record in one
 * transaction; every read of personal data is an access record too. A malformed id answers 400, an unknown one
 * 404, and neither changes anything.
 */
import { leadReference } from '../../domain/lead-reference';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AccessAction } from '../../domain/access-actions';
import { kstDay } from '../../domain/kst';
import { stageChangeSchema } from '../../domain/stages';
import {
  eraseSchema,
  exportSchema,
  leadListQuerySchema,
  noteSchema,
  ownerChangeSchema,
  type LeadErased,
} from '../../domain/workspace-api';
import type { Config } from '../config';
import type { Database, RowsFn } from '../db/client';
import type { EventBus } from '../events/event-bus';
import type { WorkspaceEventKind } from '../../domain/workspace-events';
import { byteRange, sendBytes } from '../http/byte-range';
import { isIdeaId } from '../db/idea-ids';
import { ideasCsv } from '../ideas/ideas-csv';
import { addNote, changeOwner, findLead, leadMemo } from '../ideas/lead-detail';
import { leadFigures, listLeads, whereOf } from '../ideas/lead-inbox';
import { followUpAll } from '../ideas/follow-up';
import { leadRecords } from '../ideas/lead-export';
import { changeStage } from '../ideas/lead-stages';
import { allIdeas, closeIdea, deleteIdea, releaseIdea } from '../ideas/team-ideas';
import { storeAssignedAlert } from '../alerts/alert-store';
import { appendAccessRecord, recordAccess, recordListView, type AccessEntry } from './access-records';
import { mayExportErase } from './grants';
import { markRead } from './lead-reads';
import { TeamApiError } from './team-api-error';

export interface LeadsRoutesOptions {
  config: Config;
  database: Database;
  /** Where each committed change is announced to the open workspaces (events/). */
  events: EventBus;
  /** Called after an alert was stored (the new owner's mail): sends it now rather than at the alert job's turn. */
  onAlertStored?: () => void;
}

type IdParams = { Params: { id: string } };

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new TeamApiError(400, 'invalid');
  return parsed.data;
}

/** The id in the path: a malformed one is 400 before anything is read. */
function ideaIdOf(request: FastifyRequest<IdParams>): string {
  const id = request.params.id.toLowerCase();
  if (!isIdeaId(id)) throw new TeamApiError(400, 'invalid');
  return id;
}

const entryOf = (request: FastifyRequest, action: AccessAction, rest: Partial<AccessEntry> = {}): AccessEntry => ({
  actor: 'member',
  action,
  memberId: request.member!.id,
  ip: request.ip,
  ...rest,
});

/** How long a recorded playback covers the player's seeks (later ranges) of the same member and memo. */
export const PLAYBACK_WINDOW_MS = 60 * 60_000;

async function playedRecently(database: Database, memberId: string, ideaId: string): Promise<boolean> {
  const since = new Date(Date.now() - PLAYBACK_WINDOW_MS).toISOString();
  const [row] = await database.rows(sql`select 1 from access_records
    where idea_id = ${ideaId}::uuid and member_id = ${memberId}::uuid and action = 'memo_played'
      and at > ${since}::timestamptz limit 1`);
  return Boolean(row);
}

export async function leadsRoutes(scope: FastifyInstance, options: LeadsRoutesOptions) {
  const { config, database, events } = options;
  const announce = (request: FastifyRequest, kind: WorkspaceEventKind, ideaId: string, memberId?: string | null) =>
    events.publish({ kind, ideaId, memberId: memberId ?? null, actorId: request.member!.id });

  /** Runs a change with its access record in one transaction; 404 when it found nothing to change. */
  async function change(
    request: FastifyRequest,
    ideaId: string,
    action: AccessAction,
    details: AccessEntry['details'],
    work: (rows: RowsFn) => Promise<boolean>,
  ): Promise<void> {
    const changed = await database.transaction(async (rows) => {
      if (!(await work(rows))) return false;
      await appendAccessRecord(rows, entryOf(request, action, { ideaId, details }));
      return true;
    });
    if (!changed) throw new TeamApiError(404, 'not_found');
  }

  async function answerLead(reply: FastifyReply, id: string) {
    const lead = await findLead(database, id);
    if (!lead) throw new TeamApiError(404, 'not_found');
    return reply.send(lead);
  }

  scope.get('/leads', async (request) => {
    const filter = parse(leadListQuerySchema, request.query);
    const list = await listLeads(database, filter);
    // The filter, not the rows; a search's words may name a person, so only that there was one. Which leads were
    // shown (decision 090): their ids, never a visitor's words; a view that shows only leads this member's list
    // records of the last few minutes already name adds no record (recordListView).
    await recordListView(
      database,
      {
        ...entryOf(request, 'lead_listed', {
          details: {
            folder: filter.folder,
            stage: filter.stage ?? null,
            overdue: filter.overdue ?? false,
            searched: Boolean(filter.q),
            page: filter.page,
            shown: list.leads.length,
          },
        }),
        memberId: request.member!.id,
      },
      list.leads.map((lead) => lead.id),
    );
    return list;
  });

  scope.get('/leads/figures', async () => leadFigures(database));

  scope.post('/leads/export', async (request, reply) => {
    if (!(await mayExportErase(database, request.member!))) throw new TeamApiError(403, 'forbidden_export_erase');
    const { reason, ...filter } = parse(exportSchema, request.body);
    // The list's filter as it stands on the page (folder, stage, overdue, search).
    if (filter.q) await followUpAll(database);
    const where = whereOf(filter, new Date());
    const ideas = await allIdeas(database, where);
    const leads = ideas.map((idea) => idea.id).join(',');
    await recordAccess(
      database,
      entryOf(request, 'leads_exported', { details: { reason, count: ideas.length, leads } }),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${kstDay(new Date())}.csv"`)
      .send(ideasCsv(ideas, new Date(), await leadRecords(database, where)));
  });

  scope.get<IdParams>('/leads/:id', async (request, reply) => {
    const id = ideaIdOf(request);
    const lead = await findLead(database, id);
    if (!lead) throw new TeamApiError(404, 'not_found');
    await recordAccess(database, entryOf(request, 'lead_viewed', { ideaId: id }));
    await markRead(database, request.member!.id, id);
    return reply.send(lead);
  });

  scope.get<IdParams>('/leads/:id/memo', async (request, reply) => {
    const id = ideaIdOf(request);
    const memo = await leadMemo(database, id);
    if (!memo) throw new TeamApiError(404, 'not_found');
    const size = memo.bytes.length;
    const range = byteRange(request.headers.range, size);
    // One playback, one record: the player's first request starts at byte 0; seeking asks for later ranges (and
    // a HEAD, or a range past the end (416), reads no bytes). A later range is a playback of its own unless this member's playback of this memo was
    // recorded within PLAYBACK_WINDOW_MS: `bytes=1-` would otherwise read the whole memo unrecorded.
    if (
      request.method === 'GET' &&
      range !== null &&
      (range === undefined || range.start === 0 || !(await playedRecently(database, request.member!.id, id)))
    )
      await recordAccess(database, entryOf(request, 'memo_played', { ideaId: id, details: { bytes: size } }));
    return sendBytes(reply, memo.bytes, memo.mimeType, range);
  });

  scope.post<IdParams>('/leads/:id/stage', async (request, reply) => {
    const id = ideaIdOf(request);
    const stage = parse(stageChangeSchema, request.body);
    await change(request, id, 'stage_changed', { stage: stage.stage }, async (rows) => {
      const changed = await changeStage(rows, id, stage, { memberId: request.member!.id });
      // The rules refuse the move (domain/stages.ts): nothing was written, the transaction ends here.
      if (changed === 'refused') throw new TeamApiError(409, 'stage_refused');
      return Boolean(changed);
    });
    void announce(request, 'lead_changed', id);
    return answerLead(reply, id);
  });

  scope.post<IdParams>('/leads/:id/owner', async (request, reply) => {
    const id = ideaIdOf(request);
    const { ownerId } = parse(ownerChangeSchema, request.body);
    if (!(await findLead(database, id))) throw new TeamApiError(404, 'not_found');
    const changed = await database.transaction(async (rows) => {
      if (!(await changeOwner(rows, id, ownerId, { memberId: request.member!.id }))) return false;
      await appendAccessRecord(rows, entryOf(request, 'owner_changed', { ideaId: id, details: { ownerId } }));
      // The new owner hears of it by mail (stored with the change, sent once), unless they gave it to themselves.
      if (ownerId && ownerId !== request.member!.id) await storeAssignedAlert(rows, id, ownerId);
      return true;
    });
    // The idea exists: what was not found is the member.
    if (!changed) throw new TeamApiError(400, 'invalid');
    void announce(request, ownerId ? 'lead_assigned' : 'lead_changed', id, ownerId);
    if (ownerId && ownerId !== request.member!.id) options.onAlertStored?.();
    return answerLead(reply, id);
  });

  scope.post<IdParams>('/leads/:id/notes', async (request, reply) => {
    const id = ideaIdOf(request);
    const { text } = parse(noteSchema, request.body);
    await change(request, id, 'note_added', { length: text.length }, (rows) =>
      addNote(rows, id, text, { memberId: request.member!.id }),
    );
    void announce(request, 'lead_changed', id);
    return answerLead(reply, id);
  });

  scope.post<IdParams>('/leads/:id/release', async (request, reply) => {
    const id = ideaIdOf(request);
    const released = await releaseIdea(database, id, {
      memberId: request.member!.id,
      record: (rows) => appendAccessRecord(rows, entryOf(request, 'lead_released', { ideaId: id })),
    });
    if (!released.ok)
      throw released.reason === 'not_found' ? new TeamApiError(404, 'not_found') : new TeamApiError(409, 'conflict');
    void announce(request, 'lead_received', id);
    return answerLead(reply, id);
  });

  scope.post<IdParams>('/leads/:id/close', async (request, reply) => {
    const id = ideaIdOf(request);
    const closed = await closeIdea(database, id, {
      memberId: request.member!.id,
      record: (rows) => appendAccessRecord(rows, entryOf(request, 'lead_closed', { ideaId: id })),
    });
    if (!closed) throw new TeamApiError(404, 'not_found');
    if (!closed.changed) throw new TeamApiError(409, 'conflict');
    void announce(request, 'lead_changed', id);
    return answerLead(reply, id);
  });

  scope.delete<IdParams>('/leads/:id', async (request) => {
    const id = ideaIdOf(request);
    if (!(await mayExportErase(database, request.member!))) throw new TeamApiError(403, 'forbidden_export_erase');
    const { confirm } = parse(eraseSchema, request.body);
    if (!(await findLead(database, id))) throw new TeamApiError(404, 'not_found');
    // Typed again, as the team mail's memo file and the workspace name it (or the whole id): a slip changes nothing.
    const typed = confirm.toLowerCase();
    if (typed !== leadReference(id) && typed !== id) throw new TeamApiError(400, 'invalid');
    const erased = await deleteIdea(database, id, config.dataDir, {
      record: (rows) => appendAccessRecord(rows, entryOf(request, 'lead_erased', { ideaId: id })),
    });
    if (!erased) throw new TeamApiError(404, 'not_found');
    void announce(request, 'lead_erased', id);
    const answer: LeadErased = { erased: true };
    return answer;
  });
}
