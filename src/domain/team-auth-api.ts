/**
 * The contract of the workspace's sign-in, members and access records (server/team/auth-routes.ts,
 * server/team/member-routes.ts; the workspace's screens under web/workspace/): paths and zod schemas, shared by the
 * page and the server. Every path sits under TEAM_API_PATH, whose guards (Origin, session) are in team-api.ts.
 */
import { z } from 'zod';
import { ACCESS_ACTIONS, ACCESS_ACTORS } from './access-actions';
import { kstDay, kstDayStart } from './kst';
import { TEAM_API_PATH } from './team-paths';

export const TEAM_AUTH_PATHS = {
  /** POST (public): the invite's token → registration options. */
  inviteOptions: `${TEAM_API_PATH}/auth/invite/options`,
  /** POST (public): the new passkey → member, session. */
  inviteVerify: `${TEAM_API_PATH}/auth/invite/verify`,
  /** POST (public): options for a discoverable passkey (the browser's passkey picker). */
  signInOptions: `${TEAM_API_PATH}/auth/sign-in/options`,
  /** POST (public): the assertion → session. */
  signInVerify: `${TEAM_API_PATH}/auth/sign-in/verify`,
  signOut: `${TEAM_API_PATH}/auth/sign-out`,
  me: `${TEAM_API_PATH}/me`,
  /** GET (owners): the list; POST (owners): invite. */
  members: `${TEAM_API_PATH}/members`,
  /** DELETE (owners): remove. */
  member: (id: string) => `${TEAM_API_PATH}/members/${encodeURIComponent(id)}`,
  /** POST (owners): `{ role }`, another role. */
  memberRole: (id: string) => `${TEAM_API_PATH}/members/${encodeURIComponent(id)}/role`,
  /** POST (owners): `{ exportErase }`, allow or take back export and erasure. */
  memberGrant: (id: string) => `${TEAM_API_PATH}/members/${encodeURIComponent(id)}/grant`,
  /** DELETE (owners): revoke a pending invite. */
  invite: (id: string) => `${TEAM_API_PATH}/invites/${encodeURIComponent(id)}`,
  /** GET (owners): `?before=<seq>` pages back. */
  accessRecords: `${TEAM_API_PATH}/access-records`,
} as const;

/** The invite link's page: the token travels in the fragment, which no request, log or Referer carries. */
export const TEAM_INVITE_PAGE = '/team/invite';
export const inviteLink = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}${TEAM_INVITE_PAGE}#${token}`;

/** How long an invite link works. */
export const INVITE_TTL_MS = 24 * 3_600_000;
/** How long a started ceremony's challenge waits for the passkey. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Access records per page in the workspace. */
export const ACCESS_RECORDS_PAGE = 50;

export const ROLES = ['owner', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** A token as the invite link carries it (32 random bytes, base64url). */
export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

export const inviteOptionsBody = z.object({ token: inviteTokenSchema });
export type InviteOptionsBody = z.infer<typeof inviteOptionsBody>;

/** A credential as @simplewebauthn/browser returns it (the library verifies its inside). */
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
  clientExtensionResults: z.looseObject({}),
});

export const ceremonyVerifyBody = z.object({
  challengeId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  credential: credentialJson,
});
export type CeremonyVerifyBody = z.infer<typeof ceremonyVerifyBody>;

/**
 * Both ceremonies' options: `challengeId` names the challenge on the server (single use); `options` is the JSON
 * @simplewebauthn/browser's startRegistration / startAuthentication takes as `optionsJSON`.
 */
export interface CeremonyOptionsAnswer<Options> {
  challengeId: string;
  options: Options;
}

export const meAnswer = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** The session's idle limit (TEAM_IDLE_MINUTES): the page clears itself when it passes without a request. */
  idleMs: z.number().optional(),
  /**
   * May export every lead and erase leads (an owner, or a member an owner allowed; decision 090). The screens hide
   * what the member may not do; the server refuses it anyway. Absent (a ceremony's answer): owners only, until /me.
   */
  mayExportErase: z.boolean().optional(),
});
export type MeAnswer = z.infer<typeof meAnswer>;

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  passkeys: z.number().int(),
  lastSignInAt: z.string().nullable(),
  /** May export every lead and erase leads: every owner, and a member an owner allowed (decision 083). */
  mayExportErase: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;
/** An invite not used yet: `id` names it for revocation (never the link's token). */
export const pendingInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInviteView = z.infer<typeof pendingInviteSchema>;
export const membersAnswer = z.object({ members: z.array(memberSchema), invites: z.array(pendingInviteSchema) });
export type MembersAnswer = z.infer<typeof membersAnswer>;

export const inviteBody = z.object({
  email: z
    .email()
    .max(254)
    .transform((email) => email.trim().toLowerCase()),
  role: z.enum(ROLES).default('member'),
});
export type InviteBody = z.input<typeof inviteBody>;
/** The invite was stored; `mailed` false when the mail could not be sent (the owner may invite again). */
export const inviteAnswer = z.object({ email: z.string(), expiresAt: z.string(), mailed: z.boolean() });
export type InviteAnswer = z.infer<typeof inviteAnswer>;

export const memberIdParams = z.object({ id: z.uuid() });
export const inviteIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/) });
export const roleBody = z.object({ role: z.enum(ROLES) });
export const grantBody = z.object({ exportErase: z.boolean() });

/** A Korean calendar day as YYYY-MM-DD (the date input's value), a real one. */
const kstDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => {
    const start = kstDayStart(day);
    return !Number.isNaN(start.getTime()) && kstDay(start) === day;
  });

/** A lead as the team quotes it: its 8-character reference (leadReference) or its full id, any case. */
export const LEAD_REFERENCE_PATTERN = /^[0-9a-f]{8}(?:-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/;

/**
 * The access records' filters, all optional and combined with "and": who (a member, ever one), what kind of actor,
 * which action, which Korean days (from and to, both included), which lead (reference or id). Filtering only reads:
 * the chain stays whole, and the records shown keep their sequence numbers, so a gap is the filter's.
 */
const accessRecordsFilterFields = z.object({
  member: z.uuid().optional(),
  actor: z.enum(ACCESS_ACTORS).optional(),
  action: z.enum(ACCESS_ACTIONS).optional(),
  from: kstDate.optional(),
  to: kstDate.optional(),
  lead: z.string().trim().toLowerCase().regex(LEAD_REFERENCE_PATTERN).optional(),
});
const fromNotAfterTo = ({ from, to }: { from?: string; to?: string }) => !from || !to || from <= to;
export const accessRecordsFilter = accessRecordsFilterFields.refine(fromNotAfterTo, { path: ['to'] });
export type AccessRecordsFilter = z.input<typeof accessRecordsFilter>;

/** GET accessRecords' query string: the filters and the page (`before`: the sequence number the next page ends at). */
export const accessRecordsQuery = accessRecordsFilterFields
  .extend({ before: z.coerce.number().int().positive().optional() })
  .refine(fromNotAfterTo, { path: ['to'] });
export type AccessRecordsQuery = z.input<typeof accessRecordsQuery>;

/** The query string the page sends for `query` (empty values left out), checked against the route's own schema. */
export function accessRecordsSearch(query: AccessRecordsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(accessRecordsQuery.parse(query)))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const accessRecordSchema = z.object({
  seq: z.number(),
  at: z.string(),
  actor: z.enum(ACCESS_ACTORS),
  action: z.enum(ACCESS_ACTIONS),
  memberEmail: z.string().nullable(),
  ip: z.string().nullable(),
  ideaId: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AccessRecordView = z.infer<typeof accessRecordSchema>;
export const accessRecordsAnswer = z.object({
  records: z.array(accessRecordSchema),
  /** Everyone the records can name (removed members too), for the member filter. */
  members: z.array(z.object({ id: z.string(), email: z.string() })),
  /** The `before` of the next page, or null at the chain's start. */
  next: z.number().nullable(),
});
export type AccessRecordsAnswer = z.infer<typeof accessRecordsAnswer>;
