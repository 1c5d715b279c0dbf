/**
 * What an access record says was done (server/team/access-records.ts); the workspace shows each with its Korean
 * label (content/workspace.ts). Every view of a lead's personal data, playback, export, erasure, stage change,
 * sign-in, invite and removal is one.
 */
export const ACCESS_ACTIONS = [
  'sign_in',
  'sign_out',
  'passkey_registered',
  'invite_created',
  'member_removed',
  'invite_revoked',
  'role_changed',
  'grant_changed',
  'members_listed',
  'lead_listed',
  'lead_viewed',
  'memo_played',
  'stage_changed',
  'owner_changed',
  'note_added',
  'lead_released',
  'lead_closed',
  'lead_erased',
  'leads_exported',
  'records_viewed',
  // The thread and the quote (decisions 101, 102).
  'thread_viewed',
  'message_sent',
  'quote_sent',
  'quote_withdrawn',
  'thread_memo_played',
  // The founder through their status link (decision 084): actor 'visitor'.
  'status_viewed',
  'visitor_downloaded',
  'visitor_erased',
  'visitor_memo_played',
  // The meeting booking (decision 104): by the founder (actor 'visitor') or a member.
  'meeting_booked',
  'meeting_moved',
  'meeting_cancelled',
  'meeting_proposed',
  'meeting_hours_changed',
  'visitor_answered',
  'visitor_quote_confirmed',
  // The service agreement (decision 150): the founder's signature, the team's, the deposit, the PDF.
  'visitor_contract_signed',
  'contract_sent',
  'contract_countersigned',
  'deposit_received',
  // The founder's reply by mail, put in the thread by the mailbox reader (decision 127).
  'visitor_mailed',
  // A member cleared the founder's address's bounce mark (decision 140).
  'bounce_cleared',
  // The replies by mail that name no lead (decision 142): the list viewed, one attached to a lead, one dismissed.
  'mailbox_reviewed',
  'mailbox_attached',
  'mailbox_dismissed',
  // The concluded agreements' records kept apart after their lead's erasure (decision 160): listed, one downloaded.
  'contract_records_viewed',
  'contract_record_downloaded',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** Who acted: a signed-in member, the visitor through their status link, the command line, or a job. */
export const ACCESS_ACTORS = ['member', 'visitor', 'cli', 'system'] as const;
export type AccessActor = (typeof ACCESS_ACTORS)[number];

/**
 * How long a member's list-view record (`lead_listed`: the inbox, the board, a search) covers their later list views
 * from the same address that show only leads it or another of their list records of this window already named
 * (decision 090): those add no record. A lead's page, a playback, an export, an erasure and every change stay one
 * record each.
 */
export const LIST_VIEW_WINDOW_MS = 10 * 60_000;

/** The lead ids a list or an export record names (`details.leads`, comma-separated), in the order shown. */
export const leadsNamed = (details: Record<string, string | number | boolean | null>): string[] =>
  typeof details.leads === 'string' && details.leads !== '' ? details.leads.split(',') : [];
