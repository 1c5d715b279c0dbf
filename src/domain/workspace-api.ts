/**
 * The lead part of the workspace API (server/team/leads-routes.ts), shared by the workspace's screens and the
 * server: paths, query and body schemas (zod), and the answers' types. Every path is under TEAM_API_PATH, so it
 * needs a session; changes need this site's Origin.
 */
import { z } from 'zod';
import { CHANNELS, type Channel, type LeadSource } from './lead-source';
import { STAGES, type Stage } from './stages';
import { TEAM_API_PATH } from './team-paths';
import { requiredVisibleText } from './visible-text';

export const LEADS_PATH = `${TEAM_API_PATH}/leads`;
export const LEAD_FIGURES_PATH = `${LEADS_PATH}/figures`;
export const LEAD_EXPORT_PATH = `${LEADS_PATH}/export`;
export const leadPath = (id: string) => `${LEADS_PATH}/${id}`;
export const leadMemoPath = (id: string) => `${leadPath(id)}/memo`;
export const leadActionPath = (id: string, action: LeadAction) => `${leadPath(id)}/${action}`;
export type LeadAction = 'stage' | 'owner' | 'notes' | 'release' | 'close';

export const LEAD_PAGE_SIZES = { default: 25, max: 100 } as const;
/**
 * The pager counts the matching leads up to this many past the page's first (decision 093): a count of every lead
 * would read every lead; beyond it the total reads "at least" (`totalCapped`).
 */
export const LEAD_COUNT_CAP = 1000;
export const LEAD_SEARCH_MAX = 100;
export const LEAD_NOTE_MAX = 2000;
export const EXPORT_REASON_MAX = 500;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** The inbox's query string: filters, search and offset paging (decision 083). */
export const leadListQuerySchema = z.object({
  stage: z.enum(STAGES).optional(),
  /** The lead's source channel (domain/lead-source.ts, decision 134). */
  channel: z.enum(CHANNELS).optional(),
  overdue: flag,
  /** `spam`: the spam folder (flagged, not released) instead of the inbox. */
  folder: z.enum(['inbox', 'spam']).default('inbox'),
  q: z.string().trim().max(LEAD_SEARCH_MAX).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LEAD_PAGE_SIZES.max).default(LEAD_PAGE_SIZES.default),
});
/** The query as the page builds it (the schema's input, typed). */
export interface LeadListQuery {
  stage?: Stage;
  channel?: Channel;
  overdue?: 'true';
  folder?: 'inbox' | 'spam';
  q?: string;
  page?: number;
  pageSize?: number;
}
export type LeadListFilter = z.output<typeof leadListQuerySchema>;

/** The 24-hour clock of a lead: the facts its promise (domain/promise.ts, `promiseOf`) is read from. */
export interface LeadClock {
  receivedAt: string;
  promisedBy: string;
  /** When the prototype went out (the clock stopped); null while it runs. */
  deliveredAt: string | null;
  /** When the lead was closed (stage 종료; the retention period counts from it); null while it is not. */
  closedAt: string | null;
  /** In the spam folder: outside the promise. */
  spam: boolean;
}

export interface LeadSummary {
  id: string;
  reference: string;
  name: string;
  email: string;
  /** The idea's first line, shortened. */
  summary: string;
  stage: Stage;
  owner: { id: string; email: string } | null;
  voice: boolean;
  /** Where the visit began (decision 134). */
  source: LeadSource;
  spamReason: string | null;
  releasedAt: string | null;
  closedAt: string | null;
  clock: LeadClock;
}

export interface LeadList {
  /** The server's time when it answered: the page counts the clocks from here. */
  now: string;
  page: number;
  pageSize: number;
  /** How many leads match the filter (for the pager); with `totalCapped`, at least this many (LEAD_COUNT_CAP). */
  total: number;
  /** More leads match than `total`: the count stopped at LEAD_COUNT_CAP past the page's first. */
  totalCapped: boolean;
  leads: LeadSummary[];
}

export type LeadDeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'spam' | 'digest';

export type LeadTimelineEntry =
  | { kind: 'received'; at: string }
  | { kind: 'mail_sent'; at: string }
  | { kind: 'released'; at: string; memberEmail: string | null }
  | { kind: 'closed'; at: string; memberEmail: string | null }
  | {
      kind: 'stage';
      at: string;
      memberEmail: string | null;
      stage: Stage;
      prototypeUrl?: string;
      reason?: string;
      meetingAt?: string;
    }
  | { kind: 'owner'; at: string; memberEmail: string | null; ownerEmail: string | null }
  | { kind: 'note'; at: string; memberEmail: string | null; text: string }
  /** The thread (decisions 101, 102): a message or quote sent, the founder's answer, 「견적 확인」. */
  | {
      kind:
        | 'message'
        | 'answer'
        | 'quote'
        | 'quote_accepted'
        | 'quote_withdrawn'
        // The service agreement (decision 150): sent, signed by the founder, by both, its deposit received.
        | 'contract'
        | 'contract_signed'
        | 'contract_concluded'
        | 'deposit_received';
      at: string;
      memberEmail: string | null;
    }
  /** The meeting (decision 104) booked, moved or cancelled, by a member or (memberEmail null) the founder. */
  | {
      kind: 'meeting_booked' | 'meeting_moved' | 'meeting_cancelled';
      at: string;
      memberEmail: string | null;
      meetingAt: string;
    };

export interface LeadDetail extends LeadSummary {
  idea: string;
  phone: string;
  prototypeUrl: string | null;
  memo: { mimeType: string; durationMs: number; byteSize: number } | null;
  /** The privacy notice's version the visitor was shown and when they sent it; null for ideas from before. */
  consent: { version: string; at: string } | null;
  delivery: {
    status: LeadDeliveryStatus;
    attempts: number;
    sentAt: string | null;
    lastError: string | null;
  };
  timeline: LeadTimelineEntry[];
  /**
   * Whether an agreement on it was concluded: its erasure then keeps the agreement's records apart for the years the
   * law requires (decision 160), which the erase dialog says.
   */
  contractConcluded: boolean;
  /** Who the lead may be given to (the owner select). */
  members: { id: string; email: string }[];
  now: string;
}

export interface LeadFigures {
  /** The Korean month counted, YYYY-MM. */
  month: string;
  /** Leads received this month (the spam folder left out). */
  received: number;
  /**
   * Of those, how many the on-time rate counts (domain/promise.ts `due`): delivered, or past their 24 hours; never
   * one inside them.
   */
  due: number;
  /** Of those, how many got their prototype within PROMISE_HOURS. */
  deliveredInTime: number;
  /** Median minutes from receipt to prototype of this month's delivered leads (domain/promise.ts `wholeMinutes`); null when none. */
  medianMinutesToPrototype: number | null;
  /** Open leads past their promise now. */
  overdueNow: number;
}

export const ownerChangeSchema = z.object({ ownerId: z.uuid().nullable() });
export type OwnerChange = z.infer<typeof ownerChangeSchema>;

export const noteSchema = z.object({ text: requiredVisibleText(LEAD_NOTE_MAX) });
export type NoteInput = z.infer<typeof noteSchema>;

/** Erasure asks for the lead's reference (domain/lead-reference.ts) typed again, or its full id. */
export const eraseSchema = z.object({ confirm: z.string().trim().min(1).max(64) });
export type EraseInput = z.infer<typeof eraseSchema>;

/** The export's reason, and the list's filter it honours (folder, stage, overdue, search; not the page). */
export const exportSchema = leadListQuerySchema
  .pick({ stage: true, channel: true, overdue: true, folder: true, q: true })
  .extend({ reason: z.string().trim().min(1).max(EXPORT_REASON_MAX) });
export type ExportInput = z.infer<typeof exportSchema>;

/** What a change answers: the lead as it now is. */
export type LeadChanged = LeadDetail;
export interface LeadErased {
  erased: true;
}
