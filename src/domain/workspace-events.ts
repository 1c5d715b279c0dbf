/**
 * The workspace's live updates (server/events/, web/workspace/features/live/): a server-sent event stream under
 * TEAM_API_PATH (a session, or 401) whose messages name what changed by ids and a kind only — the page fetches
 * what it shows again with its session. Also the unread markers' answer.
 */
import { TEAM_API_PATH } from './team-paths';

export const WORKSPACE_EVENTS_PATH = `${TEAM_API_PATH}/events`;
/** The leads the signed-in member has not seen since they last changed (open leads only). */
export const UNREAD_LEADS_PATH = `${TEAM_API_PATH}/leads/unread`;

export const WORKSPACE_EVENT_KINDS = ['lead_received', 'lead_changed', 'lead_assigned', 'lead_erased'] as const;
export type WorkspaceEventKind = (typeof WORKSPACE_EVENT_KINDS)[number];

/** One change, as the stream sends it in a `message` event's data (its `id` is the SSE event id). */
export interface WorkspaceEvent {
  id: number;
  kind: WorkspaceEventKind;
  ideaId: string | null;
  /** lead_assigned: the member the lead was given to. */
  memberId: string | null;
  /** Who made the change; null: a visitor, the founder or the system. */
  actorId: string | null;
}

/** The stream's other events: `resync` (fetch everything again: too much was missed), `ended` (the session ended). */
export const STREAM_CONTROL_EVENTS = { resync: 'resync', ended: 'ended' } as const;

export interface UnreadLeads {
  count: number;
  /** The unread leads' ids (open ones, and done ones with a founder's action; newest activity first, at most UNREAD_IDS_MAX). */
  ids: string[];
}
export const UNREAD_IDS_MAX = 500;
