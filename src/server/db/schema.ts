/**
 * The one database schema for PGlite and PostgreSQL. `npx drizzle-kit generate` turns changes here into SQL
 * migrations in ./migrations, which the server applies at boot with drizzle's migrator for either driver.
 */
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  },
  (table) => [
    index('ideas_received_at_idx').on(table.receivedAt),
    index('ideas_spam_idx')
      .on(table.receivedAt)
      .where(sql`${table.spamReason} is not null and ${table.releasedAt} is null`),
  ],
);

/**
 * A visitor's voice memo (at most one per idea), stored in the same transaction as its idea so every instance on
 * one PostgreSQL can mail and export it. `bytes` begin with the container's signature (checked at intake).
 */
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
 * that failed for good, `mail_unsent:<idea id>` for the oldest idea of a backlog. No personal data: ids, counts, ages.
 */
export const alerts = pgTable(
  'alerts',
  {
    key: text('key').primaryKey(),
    kind: text('kind', { enum: ['mail_failed', 'mail_unsent'] }).notNull(),
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
