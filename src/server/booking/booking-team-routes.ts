/**
 * The workspace API's booking routes (decision 104), inside the team scope (team/team-api.ts: session, Origin,
 * no-store): the team's settings (every member reads them, owners change them), and a lead's meeting: what the
 * founder sees, proposing a meeting before the prototype (the founder gets a mail with the link to the booking),
 * moving and cancelling (the same functions and cut-off
 * as the founder's). Each change is an access record in its transaction and announced to open workspaces.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hoursProblemText } from '../../content/booking-workspace';
import {
  bookingSettingsSchema,
  HOURS_PROBLEM_LIMITS,
  hoursProblemsOf,
  meetingMoveSchema,
  type LeadMeetingAnswer,
} from '../../domain/booking';
import type { Config } from '../config';
import type { Database, RowsFn } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { queueMeetingOfferMail } from '../founder/founder-mail-queue';
import { isIdeaId } from '../db/idea-ids';
import { appendAccessRecord } from '../team/access-records';
import { TeamApiError } from '../team/team-api-error';
import { readBookingSettings, saveBookingSettings } from './booking-settings';
import { cancelMeeting, meetingView, moveMeeting, proposeMeeting, type BookingRefusal } from './meetings';

export interface BookingTeamRoutesOptions {
  config: Config;
  database: Database;
  events: EventBus;
  onQueued?: () => void;
}

type IdParams = { Params: { id: string } };

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new TeamApiError(400, 'invalid');
  return parsed.data;
}

function ideaIdOf(request: FastifyRequest<IdParams>): string {
  const id = request.params.id.toLowerCase();
  if (!isIdeaId(id)) throw new TeamApiError(400, 'invalid');
  return id;
}

/** A refusal as the workspace's error codes say it (the panel shows the Korean message). */
const refusalError = (refusal: BookingRefusal) =>
  refusal === 'taken' || refusal === 'too_late' || refusal === 'already_booked'
    ? new TeamApiError(409, 'conflict')
    : new TeamApiError(400, 'invalid');

export async function bookingTeamRoutes(scope: FastifyInstance, options: BookingTeamRoutesOptions) {
  const { config, database, events } = options;

  scope.get('/booking/settings', async () => readBookingSettings(database.rows));

  scope.post('/booking/settings', async (request) => {
    if (request.member!.role !== 'owner') throw new TeamApiError(403, 'forbidden');
    const parsed = bookingSettingsSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      // The first problem in the screen's words (해요); a body that is not settings at all gets the plain refusal.
      const [problem] = hoursProblemsOf(request.body);
      throw new TeamApiError(400, 'invalid', problem && hoursProblemText(problem, HOURS_PROBLEM_LIMITS));
    }
    const settings = parsed.data;
    await database.transaction(async (rows) => {
      await saveBookingSettings(rows, settings, request.member!.id);
      await appendAccessRecord(rows, {
        actor: 'member',
        action: 'meeting_hours_changed',
        memberId: request.member!.id,
        ip: request.ip,
      });
    });
    return settings;
  });

  const answer = async (ideaId: string): Promise<LeadMeetingAnswer> => {
    const [exists] = await database.rows(sql`select 1 from ideas where id = ${ideaId}::uuid`);
    if (!exists) throw new TeamApiError(404, 'not_found');
    const view = await meetingView(database, ideaId);
    return {
      offered: view.offered,
      proposedAt: view.proposedAt?.toISOString() ?? null,
      meeting: view.meeting && {
        id: view.meeting.id,
        startsAt: view.meeting.startsAt.toISOString(),
        endsAt: view.meeting.endsAt.toISOString(),
        mode: view.meeting.mode,
        videoUrl: view.meeting.videoUrl,
        sequence: view.meeting.sequence,
        mayChange: view.mayChange,
      },
      slots: view.slots.map((slot) => slot.toISOString()),
    };
  };

  scope.get<IdParams>('/leads/:id/meeting', async (request) => answer(ideaIdOf(request)));

  scope.post<IdParams>('/leads/:id/meeting/propose', async (request) => {
    const ideaId = ideaIdOf(request);
    const proposed = await database.transaction(async (rows: RowsFn) => {
      const offer = await proposeMeeting(rows, ideaId, request.member!.id);
      if (offer)
        await appendAccessRecord(rows, {
          actor: 'member',
          action: 'meeting_proposed',
          memberId: request.member!.id,
          ip: request.ip,
          ideaId,
        });
      // The founder hears of the offer by mail, once (the founder outbox's key), with the link to the booking.
      if (offer === 'new' && config.founder.mail) await queueMeetingOfferMail(rows, ideaId);
      return offer;
    });
    if (!proposed) throw new TeamApiError(404, 'not_found');
    options.onQueued?.();
    void events.publish({ kind: 'lead_changed', ideaId, memberId: null, actorId: request.member!.id });
    return answer(ideaId);
  });

  const change = (action: 'move' | 'cancel') => async (request: FastifyRequest<IdParams>) => {
    const ideaId = ideaIdOf(request);
    const context = {
      founderMail: config.founder.mail,
      record: (rows: RowsFn) =>
        appendAccessRecord(rows, {
          actor: 'member',
          action: action === 'move' ? 'meeting_moved' : 'meeting_cancelled',
          memberId: request.member!.id,
          ip: request.ip,
          ideaId,
        }),
    };
    const outcome =
      action === 'move'
        ? await moveMeeting(database, ideaId, new Date(parse(meetingMoveSchema, request.body).startsAt), {
            ...context,
            memberId: request.member!.id,
          })
        : await cancelMeeting(database, ideaId, 'team', { ...context, memberId: request.member!.id });
    if (!outcome) throw new TeamApiError(404, 'not_found');
    if ('refused' in outcome) throw refusalError(outcome.refused);
    options.onQueued?.();
    void events.publish({ kind: 'lead_changed', ideaId, memberId: null, actorId: request.member!.id });
    return answer(ideaId);
  };
  scope.post<IdParams>('/leads/:id/meeting/move', change('move'));
  scope.post<IdParams>('/leads/:id/meeting/cancel', change('cancel'));
}
