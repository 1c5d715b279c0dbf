/**
 * The team's push notifications (server/push/, web/workspace/features/push/, decision 130): a member turns them on per
 * device and chooses the events; the browser's subscription is stored under PUSH_SUBSCRIPTIONS_PATH and each
 * notification carries the payload below, encrypted for that device (aes128gcm) — the kind, the lead's reference and
 * its stage, and the lead page's path, never the founder's name, address, phone or words (a lock screen is public).
 */
import { z } from 'zod';
import { STAGES } from './stages';
import { FIELD_FIGURES_PAGE, TEAM_API_PATH, TEAM_PATH } from './team-paths';

export const PUSH_SUBSCRIPTIONS_PATH = `${TEAM_API_PATH}/push-subscriptions`;
/** The workspace's service worker, scoped to TEAM_PATH (its push and click handlers). */
export const SERVICE_WORKER_PATH = `${TEAM_PATH}/sw.js`;
export const SERVICE_WORKER_SCOPE = `${TEAM_PATH}/`;
/** The workspace's web app manifest (installable on a phone's home screen, which iOS needs for push). */
export const WORKSPACE_MANIFEST_PATH = `${TEAM_PATH}/manifest.webmanifest`;

/** What a member can choose to be told of, per device. */
export const PUSH_CHOICES = [
  'lead_received',
  'founder_answered',
  'meeting',
  'lead_assigned',
  'lead_due_soon',
  'lead_overdue',
  'weekly_summary',
] as const;
export type PushChoice = (typeof PUSH_CHOICES)[number];

/** What a notification says happened (a meeting's change is told apart; it is chosen as one `meeting`). */
export const PUSH_KINDS = [
  'lead_received',
  'founder_answered',
  'meeting_booked',
  'meeting_moved',
  'meeting_cancelled',
  'lead_assigned',
  'lead_due_soon',
  'lead_overdue',
  'weekly_summary',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The choice a kind belongs to. */
export const choiceOf = (kind: PushKind): PushChoice =>
  kind.startsWith('meeting_') ? 'meeting' : (kind as PushChoice);

/** The decrypted payload of every notification: no personal data. `url` is the lead's page (its id, not the founder). */
export const pushPayloadSchema = z.object({
  kind: z.enum(PUSH_KINDS.filter((kind) => kind !== 'weekly_summary') as [LeadPushKind, ...LeadPushKind[]]),
  reference: z.string().min(1).max(16),
  stage: z.enum(STAGES),
  url: z.string().startsWith(`${TEAM_PATH}/leads/`),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
export type LeadPushKind = Exclude<PushKind, 'weekly_summary'>;

/** The 현황 screen, which the weekly summary opens (as the weekly mail's link, decision 136). */
export const WEEKLY_SUMMARY_URL = FIELD_FIGURES_PAGE;

/**
 * The weekly summary's payload (decision 156): last week's figures as counts (ideas received, contracts among them,
 * leads overdue now), nothing of a person; `url` the 현황 screen.
 */
export const weeklySummaryPayloadSchema = z.object({
  kind: z.literal('weekly_summary'),
  ideas: z.number().int().min(0),
  contracted: z.number().int().min(0),
  overdue: z.number().int().min(0),
  url: z.literal(WEEKLY_SUMMARY_URL),
});
export type WeeklySummaryPayload = z.infer<typeof weeklySummaryPayloadSchema>;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** PushSubscription.toJSON() as the browser gives it. Only https push services are accepted. */
export const browserSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.min(80).max(100), auth: base64url.min(16).max(32) }),
});
export type BrowserSubscription = z.infer<typeof browserSubscriptionSchema>;

export const DEVICE_LABEL_MAX = 80;

/** POST PUSH_SUBSCRIPTIONS_PATH: stores (or updates, by its endpoint) this device's subscription and choices. */
export const pushSubscriptionRequestSchema = z.object({
  subscription: browserSubscriptionSchema,
  choices: z.array(z.enum(PUSH_CHOICES)).max(PUSH_CHOICES.length),
  /** What the member sees in the list (the browser and system, from the page). */
  device: z.string().trim().min(1).max(DEVICE_LABEL_MAX),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** One of the signed-in member's devices. */
export interface PushDevice {
  id: string;
  device: string;
  choices: PushChoice[];
  /** The push service's endpoint, so a page can tell its own device in the list. */
  endpoint: string;
  createdAt: string;
  /** When a notification last reached the push service for it; null: none yet. */
  lastSuccessAt: string | null;
}

/** GET PUSH_SUBSCRIPTIONS_PATH: the VAPID public key to subscribe with, and the member's devices. */
export interface PushDevicesAnswer {
  publicKey: string;
  devices: PushDevice[];
}
