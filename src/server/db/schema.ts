/**
 * The one database schema for PGlite and PostgreSQL. `npx drizzle-kit generate` turns changes here into SQL
 * migrations in ./migrations, which the server applies at boot with drizzle's migrator for either driver.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CHANNELS } from '../../domain/lead-source';
import { STAGES } from '../../domain/stages';
import { CONNECTIONS, DEVICES, FUNNEL_STEPS, METRICS } from '../../domain/vitals';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Every accepted submission, including ones classified as spam (kept so a wrongly flagged lead is never lost). */
export const ideas = pgTable(
  'ideas',
  {
    id: uuid('id').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    idea: text('idea').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** The founder asked for KakaoTalk updates at `phone`, a Korean mobile number then (issue 49); stopped: false. */
    kakaoUpdates: boolean('kakao_updates').notNull().default(false),
    /** null for a normal lead; otherwise why it was flagged: honeypot, token_missing, token_invalid, too_fast, token_reused. */
    spamReason: text('spam_reason'),
    /** Sent by the browser's own form post (no JavaScript, or before the page code arrived): the team mail says so. */
    withoutScript: boolean('without_script').notNull().default(false),
    /** The client's address, kept for abuse checks (spam triage) and cleared after IP_RETENTION_DAYS. */
    clientIp: text('client_ip'),
    /** When the team closed the consultation (`ideas close`); retention counts from here, else from receipt. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** When the team released a spam-flagged idea to its inbox (`ideas release`); it keeps its spam reason. */
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    /** Where the team has it (domain/stages.ts); every change is also an `idea_events` row. */
    stage: text('stage', { enum: STAGES }).notNull().default('new'),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true, mode: 'date' }),
    /** The team member who owns the lead; null: the whole team. */
    ownerId: uuid('owner_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    /** Set with the stage 프로토타입 전달: the link the founder gets, and when (the 24-hour figure counts it). */
    prototypeUrl: text('prototype_url'),
    prototypeDeliveredAt: timestamp('prototype_delivered_at', { withTimezone: true, mode: 'date' }),
    /**
     * SHA-256 (hex) of the founder's status link token (founder/status-token.ts); the token itself is never stored.
     * Erased with the idea, so the link dies with it.
     */
    statusTokenHash: text('status_token_hash'),
    /** The privacy notice's version the visitor was shown (content/privacy-version.ts), and when they sent the form. */
    consentVersion: text('consent_version'),
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }),
    /**
     * The AES-256-GCM key of this idea's voice memo (storage/memo-cipher.ts, decision 105): `voice_memos.bytes` holds
     * only ciphertext, so erasing this row (32 bytes, rewritten at once by the purge) leaves the memo unreadable
     * without rewriting megabytes. null: no memo, or one stored before memos were encrypted (plain bytes).
     */
    memoKey: bytea('memo_key'),
    /**
     * Where the visit began (domain/lead-source.ts, decision 134): the channel by the one channel table, the source's
     * name (`naver`, `instagram`, a referring host), the UTM medium and campaign. `unknown`: before sources were
     * recorded, or a form posted without the page's script from a page without campaign parameters.
     */
    sourceChannel: text('source_channel', { enum: CHANNELS }).notNull().default('unknown'),
    sourceName: text('source_name').notNull().default(''),
    sourceMedium: text('source_medium').notNull().default(''),
    sourceCampaign: text('source_campaign').notNull().default(''),
  },
  (table) => {
    const notSpam = sql`(${table.spamReason} is null or ${table.releasedAt} is not null)`;
    return [
      uniqueIndex('ideas_status_token_hash_idx').on(table.statusTokenHash),
      index('ideas_received_at_idx').on(table.receivedAt),
      // The inbox's ranges (ideas/lead-inbox.ts, decisions 092, 093, 110), each outside the spam folder and in its
      // page order to the last key (`id` breaks ties), so a page or a capped count reads its entries and stops, from the
      // index alone: open leads (`isOpen`: no prototype, not closed) oldest first; done leads (`isDone`) newest first;
      // and the same two per stage. The predicates are written as lead-promise-sql.ts states them, so the planner
      // proves them.
      index('ideas_open_due_idx')
        .on(table.receivedAt, table.id)
        .where(sql`${table.prototypeDeliveredAt} is null and ${table.closedAt} is null and ${notSpam}`),
      index('ideas_done_idx')
        .on(table.receivedAt.desc(), table.id)
        .where(sql`(${table.prototypeDeliveredAt} is not null or ${table.closedAt} is not null) and ${notSpam}`),
      index('ideas_open_stage_idx')
        .on(table.stage, table.receivedAt, table.id)
        .where(sql`${table.prototypeDeliveredAt} is null and ${table.closedAt} is null and ${notSpam}`),
      index('ideas_done_stage_idx')
        .on(table.stage, table.receivedAt.desc(), table.id)
        .where(sql`(${table.prototypeDeliveredAt} is not null or ${table.closedAt} is not null) and ${notSpam}`),
      index('ideas_spam_idx')
        .on(table.receivedAt)
        .where(sql`${table.spamReason} is not null and ${table.releasedAt} is null`),
    ];
  },
);

/**
 * The inbox's search text (ideas/follow-up.ts, decisions 093 and 115): name, e-mail and idea lowered, searched
 * for a substring through pg_trgm. Kept apart from `ideas` and written after the idea (`idea_follow_ups`), so the
 * intake does not pay for the trigram index; erased with the idea by the cascade. No statistics (the migration),
 * as the personal columns (decision 077). The index's pending list is kept small (256 kB, not 4 MB): the follow-up
 * statement that fills it merges it into the index, and on PGlite that statement holds the server's thread for as
 * long as the merge takes (decision 121).
 */
export const ideaSearch = pgTable(
  'idea_search',
  {
    ideaId: uuid('idea_id')
      .primaryKey()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
  },
  (table) => [
    index('idea_search_trgm_idx')
      .using('gin', sql`${table.text} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);

/**
 * The work that follows a stored idea (ideas/follow-up.ts, decisions 115, 118 and 119): its search text, its team
 * mail and its founder's confirmation. Queued by a statement trigger on `ideas` (db/functions/queue_idea_follow_up.sql), taken by
 * the follow-up in chunks, with what `store_ideas` was told when it stored the idea as a created idea that is not
 * spam (all null otherwise: spam, or an idea stored any other way, is not mailed):
 * - `team_digest_after`: the team's mails queued one by one within `team_digest_period_ms` past which this idea's
 *   waits for the digest (MAIL_DIGEST_THRESHOLD, or MAIL_FORM_DIGEST_THRESHOLD for an idea sent without the page's
 *   script);
 * - `founder_cap`: the founders' daily cap of confirmations (null with FOUNDER_MAIL off).
 * No foreign key (one check less per idea on the intake): the id of an idea erased before its follow-up is dropped
 * when taken.
 */
export const ideaFollowUps = pgTable('idea_follow_ups', {
  ideaId: uuid('idea_id').primaryKey(),
  founderCap: integer('founder_cap'),
  teamDigestAfter: bigint('team_digest_after', { mode: 'number' }),
  teamDigestPeriodMs: bigint('team_digest_period_ms', { mode: 'number' }),
});

/**
 * A visitor's voice memo (at most one per idea), stored in the same transaction as its idea so every instance on
 * one PostgreSQL can mail and export it. `bytes` begin with the container's signature (checked at intake).
 */
/**
 * Erasures whose physical purge is still to run (ideas/erase-ideas.ts `purgePendingErasures`, decision 105): an
 * erasure adds a row in its own transaction and answers; the background purge takes every row there is, rewrites
 * the personal-data tables once and deletes the rows it covered. `plain_memo`: an erased memo was stored before
 * encryption (its bytes are plain), so the memo table is rewritten too.
 */
export const erasurePurges = pgTable('erasure_purges', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  plainMemo: boolean('plain_memo').notNull().default(false),
  /**
   * The tables the erasure deleted rows from (decision 111): the minute's purge rewrites only these. null: every
   * personal-data table (a row queued before the column, or a clearing that names none).
   */
  tables: text('tables').array(),
  /** When the minute's purge rewrote `tables`; the row stays until retention's turn has rewritten every table. */
  purgedAt: timestamp('purged_at', { withTimezone: true, mode: 'date' }),
});

export const voiceMemos = pgTable('voice_memos', {
  ideaId: uuid('idea_id')
    .primaryKey()
    .references(() => ideas.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  durationMs: integer('duration_ms').notNull(),
  byteSize: integer('byte_size').notNull(),
  bytes: bytea('bytes').notNull(),
});

/**
 * One team mail per idea. status: pending → sending (claimed; next_attempt_at is the lease end) → sent | failed.
 * Spam ideas get no row until the team releases them with `ideas release`. A row with `digest` waits for the next
 * digest mail (jobs/digest-mail.ts) instead of the outbox worker: it was stored past MAIL_DIGEST_THRESHOLD.
 */
export const outbox = pgTable(
  'outbox',
  {
    ideaId: uuid('idea_id')
      .primaryKey()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** Where the mail went: the SMTP server's answer or the .eml file path. */
    deliveredTo: text('delivered_to'),
    digest: boolean('digest').notNull().default(false),
  },
  (table) => [
    index('outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending') and not ${table.digest}`),
    index('outbox_digest_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending' and ${table.digest}`),
    // The store counts the mails queued one by one in the digest period: a range scan, not the whole outbox.
    index('outbox_mailed_each_idx')
      .on(table.createdAt)
      .where(sql`not ${table.digest}`),
  ],
);

/**
 * Mails to the founder (decision 084): `confirmation` when the idea is accepted, `ready` when the team delivers the
 * prototype; at most one of each per idea (the primary key). Worked by the same worker as `outbox`, with the same
 * claim, lease, fence and backoff. status: pending → sending → sent | failed; `skipped` is a confirmation over the
 * per-address daily cap (kept so the count sees it). `recipient_hash` is SHA-256 of the lowercased address: the cap
 * counts by it, never by the address. No text the visitor typed: the recipient is read from the idea when sending.
 */
export const founderMails = pgTable(
  'founder_mails',
  {
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirmation', 'ready', 'message', 'meeting_offer'] }).notNull(),
    /** Which mail of its kind: '' for the idea's own (confirmation, ready, meeting_offer), the thread message's id for `message`. */
    ref: text('ref').notNull().default(''),
    recipientHash: text('recipient_hash').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    deliveredTo: text('delivered_to'),
  },
  (table) => [
    primaryKey({ columns: [table.ideaId, table.kind, table.ref] }),
    index('founder_mails_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
    // The daily cap counts an address's confirmations that were not skipped (founder/founder-mail-queue.ts): at most
    // the cap's entries per address and day, however many skipped ones a flood to one address leaves.
    index('founder_mails_cap_idx')
      .on(table.recipientHash, table.createdAt)
      .where(sql`${table.kind} = 'confirmation' and ${table.status} <> 'skipped'`),
  ],
);

/** Idempotency-Key → the idea it created; a repeat with the same body replays that answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    requestHash: text('request_hash').notNull(),
    ideaId: uuid('idea_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('idempotency_keys_created_at_idx').on(table.createdAt)],
);

/**
 * Form tokens already used (decision 076): a token counts for one idea, on every instance. Kept by the token's
 * SHA-256 (the token itself is never stored) until the token would expire anyway; the housekeeping job drops them
 * then. `idempotency_key` is the submission that used it: a retry of that same submission (same Idempotency-Key)
 * is not a replayed token.
 */
export const usedFormTokens = pgTable(
  'used_form_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    idempotencyKey: text('idempotency_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('used_form_tokens_expires_at_idx').on(table.expiresAt)],
);

/** Fixed-window counters shared by every instance (per-IP and global intake limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limits_reset_at_idx').on(table.resetAt)],
);

/** Small server-wide values every instance must agree on (e.g. the generated form-token secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Scheduled jobs (jobs/scheduler.ts): one row per job. An instance runs a job only after moving its next_run_at
 * forward in one conditional update, so with several instances exactly one runs each turn.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  lastOutcome: text('last_outcome'),
});

/**
 * Alerts to the team through a second channel (alerts/): stored first, then sent by the `alerts` job to
 * ALERT_WEBHOOK_URL, claimed like outbox rows (status pending → sending with a lease → sent), so two instances or a
 * restart never send one twice. `key` makes each alert once only: `mail_failed:<idea id>:<attempt>` for a mail
 * that failed for good, `mail_unsent:<idea id>` for the oldest idea of a backlog, `lead_due_soon:<idea id>:<channel>`
 * and `lead_overdue:<idea id>:<channel>` for the 24-hour clock (jobs/lead-clock.ts; those go by mail too, one row per
 * channel), `lead_erased:<erased id>:<channel>` for a founder's deletion (only the reference in its details). No personal data: ids, counts, ages (and, for a mail, the team member's address it goes to).
 */
export const alerts = pgTable(
  'alerts',
  {
    key: text('key').primaryKey(),
    kind: text('kind', {
      enum: [
        'mail_failed',
        'mail_unsent',
        'lead_due_soon',
        'lead_overdue',
        'lead_erased',
        'lead_assigned',
        'founder_answered',
        'founder_meeting',
        'quote_accepted',
        'contract_signed',
        'contract_concluded',
        'mailbox_problem',
        'push_failed',
        'kakao_failed',
      ],
    }).notNull(),
    /** Where it goes: the chat webhook, or a mail (the 24-hour clock's alerts go both ways, one row each). */
    channel: text('channel', { enum: ['webhook', 'mail'] })
      .notNull()
      .default('webhook'),
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'cascade' }),
    /** What the message says besides the id: counts, ages in minutes, the SMTP reply code. */
    details: jsonb('details').notNull().default({}),
    status: text('status', { enum: ['pending', 'sending', 'sent'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (table) => [
    index('alerts_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
  ],
);

/** The team: members sign in with passkeys (team/); an owner may invite and remove members and read access records. */
export const teamMembers = pgTable('team_members', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  role: text('role', { enum: ['owner', 'member'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Removed members keep their row (access records name them) but lose their passkeys and sessions. */
  removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  /** A member (not owner) an owner allowed to export every lead and erase leads (owners may always; decision 083). */
  mayExportErase: boolean('may_export_erase').notNull().default(false),
  /** A member (owners always get it) who asked for the week's figures by mail (jobs/weekly-mail.ts, decision 136). */
  weeklyMail: boolean('weekly_mail').notNull().default(false),
});

/** One passkey (WebAuthn credential) of a member; a member may hold several (phone, laptop). */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    publicKey: bytea('public_key').notNull(),
    /** The signature counter; an assertion whose counter does not grow (when the authenticator counts) is refused. */
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('passkeys_member_idx').on(table.memberId)],
);

/** One-time invite links (CLI or an owner); kept by the token's SHA-256, single use, expire after 24 hours. */
export const teamInvites = pgTable('team_invites', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  role: text('role', { enum: ['owner', 'member'] }).notNull(),
  /** null: issued with the CLI. */
  invitedBy: uuid('invited_by').references(() => teamMembers.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/** WebAuthn challenges in flight, shared by every instance; single use, short-lived. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose', { enum: ['register', 'sign_in'] }).notNull(),
    /** For registration: the invite's token hash it completes. */
    inviteTokenHash: text('invite_token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('webauthn_challenges_expires_at_idx').on(table.expiresAt)],
);

/** Signed-in sessions, by the SHA-256 of the cookie's value; idle and absolute limits are settings. */
export const teamSessions = pgTable(
  'team_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** createdAt + the absolute limit. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('team_sessions_member_idx').on(table.memberId),
    index('team_sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * What happened to a lead, for its timeline: stage changes (with the prototype link or the closing reason), owner
 * changes, notes, release from the spam folder, the consultation closed. Erased with the idea (notes may hold personal data).
 */
export const ideaEvents = pgTable(
  'idea_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** null: the system (intake, a job) or the visitor. */
    memberId: uuid('member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    /** message, answer, quote, quote_accepted: the thread (decisions 101, 102); details hold ids only. */
    kind: text('kind', {
      enum: [
        'stage',
        'owner',
        'note',
        'released',
        'closed',
        'message',
        'answer',
        'quote',
        'quote_accepted',
        'quote_withdrawn',
        'contract',
        'contract_signed',
        'contract_concluded',
        'deposit_received',
      ],
    }).notNull(),
    /** For `stage`: the new stage. */
    stage: text('stage', { enum: STAGES }),
    /** stage: { prototypeUrl } or { reason }; owner: { ownerId }; note: { text }. */
    details: jsonb('details').notNull().default({}),
  },
  (table) => [index('idea_events_idea_idx').on(table.ideaId, table.at)],
);

/**
 * Access records (개인정보의 안전성 확보조치 기준): who did what, when, from where, to which lead. Append-only and
 * chained: `hash` = SHA-256 of the previous record's hash and this record's fields (team/access-records.ts), so an
 * edited or removed record breaks the chain. No personal data beyond the member and the address; the idea id stays
 * after the idea is erased. Kept for ACCESS_RECORD_RETENTION_DAYS.
 */
export const accessRecords = pgTable(
  'access_records',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** null with actor 'visitor' or 'cli'. */
    memberId: uuid('member_id'),
    actor: text('actor', { enum: ['member', 'visitor', 'cli', 'system'] }).notNull(),
    ip: text('ip'),
    action: text('action').notNull(),
    ideaId: uuid('idea_id'),
    details: jsonb('details').notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    uniqueIndex('access_records_prev_hash_idx').on(table.prevHash),
    index('access_records_at_idx').on(table.at),
    index('access_records_idea_idx').on(table.ideaId),
  ],
);

/**
 * The access records' anchor (decision 090), one row of each kind: `head`, the newest record's seq and hash, and
 * `cut`, the last record the retention job dropped (its seq, hash and time). Each carries an HMAC with a key the
 * database does not hold (ACCESS_RECORDS_KEY, else a key file in DATA_DIR), so cutting records from either end of the
 * chain, or recomputing it, no longer passes `team check-records`.
 */
export const accessRecordAnchors = pgTable('access_record_anchors', {
  kind: text('kind', { enum: ['head', 'cut'] }).primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  mac: text('mac').notNull(),
});

/**
 * What changed in the workspace, for its open pages (server/events/): ids and a kind, never personal data. Each row
 * is announced to every instance's streams (LISTEN/NOTIFY on PostgreSQL, in-process on PGlite), and a stream that
 * reconnects with `Last-Event-ID` is sent the rows after it. Kept for EVENT_CATCH_UP_MS (events/event-store.ts);
 * no foreign key, so an erased idea's `lead_erased` row can still say which page to drop.
 */
export const workspaceEvents = pgTable(
  'workspace_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    kind: text('kind', { enum: ['lead_received', 'lead_changed', 'lead_assigned', 'lead_erased'] }).notNull(),
    ideaId: uuid('idea_id'),
    /** lead_assigned: the new owner. */
    memberId: uuid('member_id'),
    /** Who made the change; null: a visitor, the founder or the system. */
    actorId: uuid('actor_id'),
  },
  (table) => [index('workspace_events_at_idx').on(table.at)],
);

/** When a member last opened a lead's page: a lead with activity since (by someone else) is unread for them. */
export const leadReads = pgTable(
  'lead_reads',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.ideaId] })],
);

/**
 * Field Web Vitals (decision 098): per Korean day, route, device class, connection class and metric, how many page
 * views' values fell in each fixed bucket (domain/vitals.ts). No identifier of any kind: the table is bounded by
 * days × routes × classes × buckets whatever the traffic, and p75 is read from the counts. Kept VITALS_RETENTION_DAYS.
 * Instances add to a row with one `insert … on conflict do update` (server/vitals/field-counts.ts): no lost update.
 */
export const vitalsHistograms = pgTable(
  'vitals_histograms',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    device: text('device', { enum: DEVICES }).notNull(),
    connection: text('connection', { enum: CONNECTIONS }).notNull(),
    metric: text('metric', { enum: METRICS }).notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.route, table.device, table.connection, table.metric, table.bucket] }),
  ],
);

/**
 * The cookieless funnel (decision 098): counts per Korean day of each step (page views per route; the other steps
 * with route ''), never a person's path. The workspace's stages (delivered, meeting, contract) are read from
 * idea_events instead.
 */
export const funnelCounts = pgTable(
  'funnel_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    step: text('step', { enum: FUNNEL_STEPS }).notNull(),
    route: text('route').notNull().default(''),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.step, table.route] })],
);

/**
 * The funnel by source (decision 135): per Korean day of receipt and source (channel, source name, campaign), how many
 * leads reached each step (`idea`, `delivered`, `on_time`, `meeting`, `quote_accepted`, `contracted`), were lost
 * (`lost:<stage>`, detail: the 종료 reason) or stayed in a stage for a time (`time:<stage>`, detail: the
 * bucket of domain/source-funnel.ts). Kept by triggers on ideas and idea_events from each lead's `lead_funnel_marks`;
 * an erasure takes its lead's marks back and a row at zero is deleted, so no row outlives the leads it counts. Its size
 * is days × sources × steps, whatever the number of leads.
 */
export const leadSourceDays = pgTable(
  'lead_source_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    source: text('source').notNull(),
    campaign: text('campaign').notNull(),
    step: text('step').notNull(),
    detail: text('detail').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.channel, table.source, table.campaign, table.step, table.detail] }),
  ],
);

/**
 * Visits by source (issue 51): per Korean day and the landing's source (channel, source name, campaign, classified
 * by domain/lead-source.ts as a lead's), how many visits began there, counted from the beacon of each visit's first
 * page view (field-counts.ts, decision 098's counting: in memory, one upsert per flush). No identifier, no person:
 * a count. Kept VITALS_RETENTION_DAYS like the other field figures; the 현황 funnel's first step 「방문」.
 */
export const visitSourceDays = pgTable(
  'visit_source_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    source: text('source').notNull(),
    campaign: text('campaign').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.channel, table.source, table.campaign] })],
);

/**
 * What each lead adds to `lead_source_days` now, as [step, detail] pairs, with the day and source it is counted
 * under (decision 135): the triggers recompute it when the lead moves and add only the difference; when the lead is
 * erased this row goes by its cascade and takes back exactly what it added. Apart from `ideas` so the inbox's rows
 * stay narrow (its plans read them from their indexes in order, decision 110).
 */
export const leadFunnelMarks = pgTable('lead_funnel_marks', {
  ideaId: uuid('idea_id')
    .primaryKey()
    .references(() => ideas.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  channel: text('channel', { enum: CHANNELS }).notNull(),
  source: text('source').notNull(),
  campaign: text('campaign').notNull(),
  marks: jsonb('marks').notNull(),
});

/**
 * The meeting the founder books on the status page (server/booking/, decision 104): the team's settings (one row,
 * id 1: weekly hours in KST, days off, length, video link or phone), the leads the team offered a meeting before
 * their prototype, the meetings, the cells they hold, and their mails. Erased with the idea (cascades).
 */
export const meetingSettings = pgTable('meeting_settings', {
  id: smallint('id').primaryKey(),
  /** domain/booking.ts `BookingSettings`. */
  settings: jsonb('settings').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedBy: uuid('updated_by').references(() => teamMembers.id, { onDelete: 'set null' }),
});

/** A meeting the team proposed from the lead page (the status page offers slots from then, prototype or not). */
export const meetingOffers = pgTable('meeting_offers', {
  ideaId: uuid('idea_id')
    .primaryKey()
    .references(() => ideas.id, { onDelete: 'cascade' }),
  offeredAt: timestamp('offered_at', { withTimezone: true, mode: 'date' }).notNull(),
  offeredBy: uuid('offered_by').references(() => teamMembers.id, { onDelete: 'set null' }),
});

/**
 * One booked (or cancelled) meeting. Its id is the invitation's UID; `sequence` rises with every move and the
 * cancellation (RFC 5545 SEQUENCE). At most one booked meeting per idea.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status', { enum: ['booked', 'cancelled'] }).notNull(),
    sequence: integer('sequence').notNull().default(0),
    mode: text('mode', { enum: ['video', 'phone'] }).notNull(),
    videoUrl: text('video_url'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When it was booked or last moved: the day-before reminder only goes when this was a day before. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledBy: text('cancelled_by', { enum: ['founder', 'team'] }),
  },
  (table) => [
    uniqueIndex('meetings_one_booked_idx')
      .on(table.ideaId)
      .where(sql`${table.status} = 'booked'`),
    index('meetings_booked_starts_idx')
      .on(table.startsAt)
      .where(sql`${table.status} = 'booked'`),
  ],
);

/**
 * The lock (decision 104): one row per MEETING_CELL_MINUTES cell a booked meeting covers, keyed by the cell's
 * start. The primary key is what keeps a slot from being booked twice, on every instance: a booking inserts its
 * cells in its transaction and rolls back when one is already there.
 */
export const meetingCells = pgTable(
  'meeting_cells',
  {
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).primaryKey(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
  },
  (table) => [index('meeting_cells_meeting_idx').on(table.meetingId)],
);

/**
 * The meeting's mails, through the outbox's loop (booking/meeting-mail-sender.ts) with its claim, lease, fence and
 * backoff. `key` (meeting, kind, recipient, sequence) makes each once only; reminders are queued by the reminders
 * job with the same key, so two instances or a restart never send one twice. The recipients are read when sending.
 */
export const meetingMails = pgTable(
  'meeting_mails',
  {
    key: text('key').primaryKey(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['request', 'cancel', 'reminder_day', 'reminder_hour'] }).notNull(),
    recipient: text('recipient', { enum: ['founder', 'team'] }).notNull(),
    sequence: integer('sequence').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    deliveredTo: text('delivered_to'),
  },
  (table) => [
    index('meeting_mails_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
    index('meeting_mails_meeting_idx').on(table.meetingId),
  ],
);

/**
 * The quotes (견적서, decision 102) the team sends on a lead: line items in whole won (domain/quote.ts computes the
 * sums, which are not stored), the validity day, notes; `accepted_at` when the founder pressed 「견적 확인」.
 * Erased with the idea.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    memberId: uuid('member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    items: jsonb('items').$type<{ description: string; quantity: number; unitPrice: number }[]>().notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    /** 1, 2, … per lead (issue 50): a new quote supersedes the one before, which stays readable as 이전 견적. */
    version: integer('version').notNull().default(1),
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
    /** The team withdrew it before the founder accepted it. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
    /** The name the founder typed as their signature with 「동의합니다」 (personal data, no statistics). */
    acceptedName: text('accepted_name'),
    /** SHA-256 of the quote's canonical form as accepted (domain/quote.ts canonicalQuote), hex. */
    acceptedSha256: text('accepted_sha256'),
  },
  (table) => [
    index('quotes_idea_idx').on(table.ideaId),
    uniqueIndex('quotes_idea_version_idx').on(table.ideaId, table.version),
  ],
);

/**
 * The service agreement made from an accepted quote (issue 50, decision 150): one per quote. The articles as the
 * template worded them when it was sent (`terms`, so the document signed is the one kept), the schedule, the
 * deposit's rate; the founder's signature (instant, typed name, SHA-256 of domain/contract.ts canonicalContract)
 * with the tax details given at signing (personal data: no statistics, erased with the idea); the team's
 * countersignature; the deposit marked received. Erased with the idea.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    memberId: uuid('member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    schedule: text('schedule').notNull(),
    depositPercent: integer('deposit_percent').notNull(),
    terms: jsonb('terms').$type<string[]>().notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    signedName: text('signed_name'),
    sha256: text('sha256'),
    taxDetails: jsonb('tax_details'),
    countersignedAt: timestamp('countersigned_at', { withTimezone: true, mode: 'date' }),
    countersignedBy: uuid('countersigned_by').references(() => teamMembers.id, { onDelete: 'set null' }),
    depositReceivedAt: timestamp('deposit_received_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('contracts_idea_idx').on(table.ideaId), uniqueIndex('contracts_quote_idx').on(table.quoteId)],
);

/**
 * A concluded agreement's records, kept apart from the lead (decision 160, 개인정보 보호법 제21조 제1항 단서와 제3항):
 * when a lead whose agreement was countersigned is erased (the founder's request, the team's, retention), its
 * agreement moves here in the erasure's transaction, with no link to the idea, and stays until `purge_after`
 * (the conclusion plus `retentionPromise.contractYears`, 전자상거래법 시행령 제6조), when the retention job deletes
 * it. Only what the law's records need: the agreement as signed (its id is the contract's, `reference` the lead's
 * reference its fingerprint covers, the issue day, the quote's id, version, lines and fingerprint, the schedule, the
 * deposit's rate, the stored articles), the founder's signature (name, instant, SHA-256, the tax details), the
 * team's countersignature (the member's address then, the instant: the conclusion) and the deposit's receipt. No idea,
 * contact, memo or thread. Read only by the team's 「보관 중인 계약 기록」 screen, each view and download recorded.
 */
export const contractRecords = pgTable(
  'contract_records',
  {
    id: uuid('id').primaryKey(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    quoteId: uuid('quote_id').notNull(),
    quoteVersion: integer('quote_version').notNull(),
    quoteSha256: text('quote_sha256').notNull(),
    quoteItems: jsonb('quote_items').$type<{ description: string; quantity: number; unitPrice: number }[]>().notNull(),
    schedule: text('schedule').notNull(),
    depositPercent: integer('deposit_percent').notNull(),
    terms: jsonb('terms').$type<string[]>().notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
    signedName: text('signed_name').notNull(),
    sha256: text('sha256').notNull(),
    taxDetails: jsonb('tax_details').notNull(),
    concludedAt: timestamp('concluded_at', { withTimezone: true, mode: 'date' }).notNull(),
    concludedBy: text('concluded_by'),
    depositReceivedAt: timestamp('deposit_received_at', { withTimezone: true, mode: 'date' }),
    keptAt: timestamp('kept_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    purgeAfter: timestamp('purge_after', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('contract_records_purge_idx').on(table.purgeAfter)],
);

/**
 * One lead's conversation (decision 101): a message from the team (member_id, mailed to the founder through
 * founder_mails) or from the founder (answered on the status page). A team message may carry a quote. Erased with
 * the idea; its text keeps no statistics (the migration, decision 077).
 */
export const threadMessages = pgTable(
  'thread_messages',
  {
    id: uuid('id').primaryKey(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    side: text('side', { enum: ['team', 'founder'] }).notNull(),
    memberId: uuid('member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    /** The agreement the message carries (sent, or concluded with its signed PDF; issue 50). */
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
  },
  (table) => [index('thread_messages_idea_at_idx').on(table.ideaId, table.at)],
);

/** A founder answer's voice memo, stored like the intake's (voice_memos): checked bytes, erased with the idea. */
export const threadMemos = pgTable('thread_memos', {
  messageId: uuid('message_id')
    .primaryKey()
    .references(() => threadMessages.id, { onDelete: 'cascade' }),
  ideaId: uuid('idea_id')
    .notNull()
    .references(() => ideas.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  durationMs: integer('duration_ms').notNull(),
  byteSize: integer('byte_size').notNull(),
  bytes: bytea('bytes').notNull(),
});

/**
 * The founder's reply address (issue 48, decision 126): the plus token of `REPLY_TO_EMAIL` that names this lead's
 * thread (random, never derived from the id), made when the lead's first mail is sent; erased with the idea. A
 * bounce to it marks the founder's address as failing (`bounced_at`).
 */
export const replyAddresses = pgTable('reply_addresses', {
  ideaId: uuid('idea_id')
    .primaryKey()
    .references(() => ideas.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  bouncedAt: timestamp('bounced_at', { withTimezone: true, mode: 'date' }),
});

/**
 * Each mail the mailbox reader stored for a lead (decision 127), by a key made from its Message-ID (or its bytes):
 * the key is what makes a mail stored once across restarts and instances. `landed`: it became the thread message
 * `message_id`; `aside`: its sender was not the founder, kept here for the team only (sender, subject, the new
 * words). Erased with the idea; a mail for no lead stores nothing.
 */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    key: text('key').primaryKey(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    outcome: text('outcome', { enum: ['landed', 'aside', 'bounced'] }).notNull(),
    messageId: uuid('message_id').references(() => threadMessages.id, { onDelete: 'cascade' }),
    sender: text('sender'),
    subject: text('subject'),
    body: text('body'),
    /** The mail's own Message-ID header, which its erasure expunges it by (decision 141). */
    mailId: text('mail_id'),
  },
  (table) => [index('mailbox_messages_idea_idx').on(table.ideaId, table.at)],
);

/**
 * A reply that names no lead (decision 142): no plus token, no Message-ID of ours in In-Reply-To/References, but from
 * an address we mailed or answering the reply address. Kept for the team's review (members only, each view
 * recorded): `open` until a member attaches it to a lead's thread (then the row goes: its words are the thread's
 * message and `mailbox_messages` holds its key) or dismisses it (`dismissed`: the words cleared, the Message-ID kept
 * so that its original is expunged with the row). Erased with its original after IMAP_UNMATCHED_DAYS.
 */
export const mailboxUnmatched = pgTable(
  'mailbox_unmatched',
  {
    key: text('key').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: text('status', { enum: ['open', 'dismissed'] })
      .notNull()
      .default('open'),
    sender: text('sender'),
    subject: text('subject'),
    body: text('body'),
    mailId: text('mail_id'),
  },
  (table) => [index('mailbox_unmatched_at_idx').on(table.at)],
);

/**
 * The mail originals an erasure leaves in the team's mailbox (decision 141): one row per erased lead that had a reply
 * address, stored by the erasure's own statement (ideas/erase-ideas.ts) once a mailbox reader has ever run. The
 * reader holding the turn expunges every mail that names `token` (its plus address, its thread's Message-IDs, a
 * bounce's returned headers) and every mail whose Message-ID is in `mail_ids`, from the handled folder and the read
 * folder, then deletes the row; a failure is retried with backoff (`attempts`, `next_attempt_at`) and alerted once
 * (`alerted_at`). Holds no personal data: a random token, Message-IDs and the lead's reference for the alert.
 */
export const mailboxErasures = pgTable(
  'mailbox_erasures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: text('reference').notNull(),
    token: text('token'),
    mailIds: text('mail_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    alertedAt: timestamp('alerted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('mailbox_erasures_due_idx').on(table.nextAttemptAt)],
);

/**
 * The team's push notifications (push/, decision 130): a member's devices (a browser's push subscription each, with
 * the events chosen), removed with the member and when the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    device: text('device').notNull(),
    choices: text('choices').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('push_subscriptions_member_idx').on(table.memberId)],
);

/** The VAPID key pair made once when PUSH_VAPID_PUBLIC_KEY/PRIVATE_KEY are unset (one row, id 1). */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  () => [check('push_vapid_keys_one_row', sql`"id" = 1`)],
);

/**
 * The push outbox: one row per notification and device, stored by db/functions/queue_push_notifications.sql in the
 * transaction of the alert or event it tells of (`source`: its key), claimed and sent like the alerts. The weekly
 * summary (jobs/weekly-mail.ts, decision 156) names no lead: its `idea_id` is null and `details` holds its figures.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The weekly summary's figures (counts, nothing of a person); null for a lead's notification. */
    details: jsonb('details'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (table) => [
    unique('push_deliveries_source_subscription_unique').on(table.source, table.subscriptionId),
    index('push_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
    index('push_deliveries_idea_idx').on(table.ideaId),
    index('push_deliveries_subscription_idx').on(table.subscriptionId),
  ],
);

/**
 * The founder's KakaoTalk 알림톡 outbox (kakao/, issue 49): one row per message, stored by
 * db/functions/queue_kakao_messages.sql with the founder's mail it follows (`source`: that mail's key), claimed and
 * sent like the alerts; no number, no text (both read from the idea as it is sent); erased with the idea.
 */
export const kakaoMessages = pgTable(
  'kakao_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    source: text('source').notNull().unique(),
    template: text('template').notNull(),
    meetingId: uuid('meeting_id'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
  },
  (table) => [
    index('kakao_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
    index('kakao_messages_idea_idx').on(table.ideaId),
  ],
);
