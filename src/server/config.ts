/**
 * The server's configuration: every environment variable, validated with zod at boot.
 * `.env.example` documents each one; `loadConfig` names the bad variable when one is wrong.
 */
import path from 'node:path';
import { z } from 'zod';
import { KAKAO_TEMPLATE_KEYS, type KakaoTemplateKey } from '../content/kakao-templates';
import { retentionPromise } from '../content/privacy';
import { DEFAULT_DEPOSIT_PERCENT, validBusinessNumber } from '../domain/contract';
import {
  DEFAULT_SMTP_TIMEOUT_MS,
  leaseRenewAfterMs,
  mailLeaseMs,
  MAX_SMTP_TIMEOUT_MS,
  shutdownGraceMs,
} from './send-deadlines';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Empty strings count as "not set", so `FOO=` in a .env file behaves like a missing line. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  REQUEST_TIMEOUT_MS: int(1000, 3_600_000).default(60_000),
  IDLE_TIMEOUT_MS: int(1000, 3_600_000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: int(1000, 3_600_000).default(72_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  SITE_DIR: z.string().min(1).default('dist/site'),
  /** The public origin the site was built for (also a build-time setting: canonical URLs, sitemap, Open Graph). */
  SITE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  DB_POOL_SIZE: int(1, 100).default(10),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z.string().min(3).default('24시간 MVP <no-reply@localhost>'),
  TEAM_EMAIL: z.string().min(3).default('team@localhost'),
  /** The founder's replies (decisions 126, 127): the base of each lead's plus address, and the mailbox it reaches. */
  REPLY_TO_EMAIL: optionalText.pipe(
    z
      .string()
      .regex(/^[^\s@<>"(),;+]+@[a-z0-9.-]+\.[a-z]{2,}$/i, {
        error: 'must be one address like team@agency.kr, no plus part',
      })
      .optional(),
  ),
  IMAP_URL: optionalText.pipe(
    z.url({ protocol: /^imaps?$/, error: 'must be an imap:// or imaps:// URL (the folder as its path)' }).optional(),
  ),
  IMAP_POLL_MS: int(1000, 3_600_000).default(60_000),
  IMAP_MAX_MAIL_BYTES: int(64 * 1024, 100 * 1024 * 1024).default(15 * 1024 * 1024),
  IMAP_UNMATCHED_DAYS: int(1, 365).default(retentionPromise.unmatchedMailDays),
  IMAP_HANDLED_FOLDER: z
    .string()
    .regex(/^[A-Za-z0-9._/-]{1,100}$/)
    .default('mvp24-handled'),
  PUBLIC_API_KEY: optionalText,
  FORM_SECRET: optionalText.pipe(z.string().min(32, { error: 'at least 32 characters' }).optional()),
  FORM_MIN_FILL_MS: int(0, 3_600_000).default(3000),
  FORM_TOKEN_MAX_AGE_MS: int(60_000, 7 * 24 * 3_600_000).default(24 * 3_600_000),
  RATE_LIMIT_PER_IP: int(1, 10_000_000).default(5),
  RATE_LIMIT_WINDOW_MS: int(1000, 24 * 3_600_000).default(600_000),
  MAIL_DIGEST_THRESHOLD: int(1, 1_000_000).default(20),
  MAIL_FORM_DIGEST_THRESHOLD: int(1, 1_000_000).default(5),
  MAIL_DIGEST_MINUTES: int(1, 24 * 60).default(60),
  SPAM_MAX_KEPT: int(10, 10_000_000).default(5000),
  // The privacy policy's promise (content/privacy.ts) is the default.
  IDEA_RETENTION_DAYS: int(1, 3650).default(retentionPromise.ideaDays),
  IP_RETENTION_DAYS: int(1, 365).default(retentionPromise.ipDays),
  JOBS: bool.default(true),
  TRUST_PROXY: optionalText,
  ALLOWED_ORIGINS: optionalText,
  MAIL_WORKER: bool.default(true),
  MAIL_POLL_MS: int(10, 600_000).default(2000),
  MAIL_MAX_AGE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(72),
  MAIL_RETRY_BASE_MS: int(10, 3_600_000).default(5000),
  MAIL_RETRY_MAX_MS: int(100, 24 * 3_600_000).default(30 * 60_000),
  /** The longest one SMTP conversation may take (send-deadlines.ts derives the lease and grace from it). */
  SMTP_TIMEOUT_MS: int(500, MAX_SMTP_TIMEOUT_MS).default(DEFAULT_SMTP_TIMEOUT_MS),
  ALERT_UNSENT_MINUTES: int(1, 24 * 60).default(15),
  /** A lead not at 프로토타입 전달 this many hours after receipt reminds its owner (or the team); at 24 h all hear. */
  ALERT_REMINDER_HOURS: int(1, 23).default(18),
  ALERT_WEBHOOK_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  ALERT_WEBHOOK_FORMAT: z.enum(['auto', 'slack', 'discord']).default('auto'),
  /** The team's workspace: a session ends after this long without a request, and this long after sign-in. */
  TEAM_IDLE_MINUTES: int(1, 24 * 60).default(30),
  TEAM_SESSION_HOURS: int(1, 24 * 7).default(12),
  /** How long access records are kept (two years by default). */
  ACCESS_RECORD_RETENTION_DAYS: int(30, 3650).default(730),
  /** The access records' anchor key (decision 090): unset, a key file in DATA_DIR, made once. */
  ACCESS_RECORDS_KEY: optionalText.pipe(z.string().min(32, { error: 'at least 32 characters' }).optional()),
  /** The founder's side (decision 084): the confirmation and ready mails, and the status link's secret. */
  FOUNDER_MAIL: bool.default(true),
  FOUNDER_CONFIRMATIONS_PER_DAY: int(0, 1000).default(3),
  FOUNDER_BURST_MS: int(0, 3_600_000).default(120_000),
  STATUS_LINK_SECRET: optionalText.pipe(z.string().min(32, { error: 'at least 32 characters' }).optional()),
  /** Field Web Vitals and the funnel (decision 098): the switch, how long the day histograms are kept, the limits. */
  VITALS: bool.default(true),
  VITALS_RETENTION_DAYS: int(1, 3650).default(retentionPromise.vitalsDays),
  VITALS_BEACONS_PER_IP: int(1, 100_000).default(20),
  VITALS_WINDOW_MS: int(1000, 24 * 3_600_000).default(600_000),
  VITALS_FLUSH_MS: int(100, 600_000).default(5000),
  /** The week's figures by mail (decision 136): the day and time in KST, or `off`. */
  WEEKLY_MAIL_AT: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(off|(mon|tue|wed|thu|fri|sat|sun) ([01]\d|2[0-3]):[0-5]\d)$/, {
      error: 'must be `off` or a weekday and a 24-hour KST time, e.g. `mon 09:00`',
    })
    .default('mon 09:00'),
  /** The team's push notifications (decision 130): the VAPID key pair (unset: made once and kept in the database). */
  PUSH_VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a P-256 public key, 65 bytes in URL-safe base64' })
      .optional(),
  ),
  PUSH_VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a P-256 private key, 32 bytes in URL-safe base64' })
      .optional(),
  ),
  /** Who the push services may contact (a mailto: or https: URL); unset: mailto: TEAM_EMAIL. */
  PUSH_SUBJECT: optionalText.pipe(
    z.url({ protocol: /^(mailto|https)$/, error: 'must be a mailto: or https:// URL' }).optional(),
  ),
  /** How long a push service keeps a notification for a device that is off, and how long it is retried. */
  PUSH_TTL_HOURS: int(1, 72).default(24),
  /** KakaoTalk 알림톡 to the founder through SOLAPI (issue 49, part 2): off unless the key, secret, sender and channel are set. */
  SOLAPI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.solapi.com'),
  SOLAPI_API_KEY: optionalText,
  SOLAPI_API_SECRET: optionalText,
  SOLAPI_SENDER: optionalText.pipe(
    z
      .string()
      .regex(/^0\d{8,10}$/, { error: 'must be the registered sender number, digits only' })
      .optional(),
  ),
  KAKAO_PFID: optionalText,
  /** Each template's id as Kakao approved it: `receipt=KA01TP…,message=KA01TP…` (content/kakao-templates.ts names them). */
  KAKAO_TEMPLATE_IDS: optionalText,
  /**
   * The agency's details the service agreement names (decision 150) beside the build's operator name and 대표: its
   * 사업자등록번호 (checked by its check digit), address, and the account for 무통장 입금 of the deposit; required in
   * production. CONTRACT_DEPOSIT_PERCENT: the deposit's share of the total.
   */
  AGENCY_BUSINESS_NUMBER: optionalText.pipe(
    z
      .string()
      .refine(validBusinessNumber, { error: 'must be a valid 사업자등록번호 (10 digits, its check digit right)' })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .optional(),
  ),
  AGENCY_ADDRESS: optionalText,
  AGENCY_BANK_NAME: optionalText,
  AGENCY_BANK_ACCOUNT: optionalText,
  AGENCY_BANK_HOLDER: optionalText,
  CONTRACT_DEPOSIT_PERCENT: int(0, 100).default(DEFAULT_DEPOSIT_PERCENT),
});

const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'IMAP_URL',
  'FORM_SECRET',
  'PUBLIC_API_KEY',
  'ALERT_WEBHOOK_URL',
  'STATUS_LINK_SECRET',
  'ACCESS_RECORDS_KEY',
  'PUSH_VAPID_PRIVATE_KEY',
  'SOLAPI_API_SECRET',
]);

export type TrustProxy = boolean | string[];

export interface AgencyDetails {
  businessNumber: string | undefined;
  address: string | undefined;
  /** The account for 무통장 입금 (bank, number, holder), all three or none. */
  bank: { name: string; account: string; holder: string } | undefined;
  depositPercent: number;
}

/** Example agency details that pass production's check (tests and benchmarks start production servers with them). */
export const EXAMPLE_AGENCY_ENV = {
  AGENCY_BUSINESS_NUMBER: '124-81-00998',
  AGENCY_ADDRESS: '서울특별시 중구 세종대로 110',
  AGENCY_BANK_NAME: '국민은행',
  AGENCY_BANK_ACCOUNT: '123456-01-234567',
  AGENCY_BANK_HOLDER: '24시간 MVP 스튜디오',
} as const;

/** The agency's details a production server refuses to start without: the agreement would name no party or account. */
export const AGENCY_VARIABLES = [
  'AGENCY_BUSINESS_NUMBER',
  'AGENCY_ADDRESS',
  'AGENCY_BANK_NAME',
  'AGENCY_BANK_ACCOUNT',
  'AGENCY_BANK_HOLDER',
] as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** How long a client may take over one request and over silence; slow senders are cut off (decision 075). */
  http: { requestTimeoutMs: number; idleTimeoutMs: number; keepAliveTimeoutMs: number };
  logLevel: string;
  dataDir: string;
  siteDir: string;
  /** The site's public address (SITE_URL), for links in mails; undefined in local use. */
  siteUrl: string | undefined;
  databaseUrl: string | undefined;
  dbPoolSize: number;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    teamEmail: string;
    worker: boolean;
    pollMs: number;
    maxAgeMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    /**
     * Past this many individual mails of ideas from the page's script within `digestPeriodMs`, new ones wait for one
     * digest mail per period.
     */
    digestThreshold: number;
    /** The same for the browser's own form posts (no script, no fill-time token), counted apart (decision 075). */
    formDigestThreshold: number;
    digestPeriodMs: number;
    /** The longest one SMTP conversation may take; the send is cut off after it. */
    smtpTimeoutMs: number;
    /** How long a claim on an outbox row is exclusive (derived: one send plus a margin). */
    leaseMs: number;
    /** A worker renews the leases it holds before a mail once this long passed since it last did (derived). */
    leaseRenewAfterMs: number;
  };
  /**
   * The founder's replies by mail (decisions 126, 127): REPLY_TO_EMAIL's plus address on every founder mail, and the
   * mailbox reader on IMAP_URL (off unless set).
   */
  mailbox: {
    replyToBase: string | undefined;
    imapUrl: string | undefined;
    /** The fallback sweep when IDLE is missing or silent (IMAP_POLL_MS). */
    pollMs: number;
    /** A larger mail is not fetched: moved aside with an alert (IMAP_MAX_MAIL_BYTES). */
    maxBytes: number;
    /** Where a mail goes once stored or judged (IMAP_HANDLED_FOLDER); expunged only with its lead (decision 141). */
    handledFolder: string;
    /** A reply that names no lead waits for the team this many days, then is erased (IMAP_UNMATCHED_DAYS, decision 142). */
    unmatchedDays: number;
  };
  /** How long a stopping server may take (derived: the mail in flight plus draining); main.ts uses it. */
  shutdownGraceMs: number;
  /** The second channel that tells the team mail is not going out (alerts/). */
  alerts: {
    webhookUrl: string | undefined;
    /** `auto` picks Discord's `{content}` for discord.com / discordapp.com webhook URLs, else Slack's `{text}`. */
    webhookFormat: 'auto' | 'slack' | 'discord';
    /** An idea still unsent this long after it was stored (digest ideas: after their digest was due) alerts. */
    unsentAfterMs: number;
    /** The 24-hour clock's reminder: this many hours after receipt (ALERT_REMINDER_HOURS). */
    reminderHours: number;
  };
  /** Run the scheduled jobs (jobs/server-jobs.ts) in this instance; with several, each turn runs on one. */
  jobs: boolean;
  /** The week's figures by mail (WEEKLY_MAIL_AT, decision 136): weekday (0 Sunday … 6 Saturday) and KST time; null: off. */
  weeklyMail: { weekday: number; hour: number; minute: number } | null;
  /** What the service agreement names beside the build's operator (decision 150); unset values are left off. */
  agency: AgencyDetails;
  retention: { ideaDays: number; ipDays: number; spamMaxKept: number };
  publicApiKey: string | undefined;
  form: { secret: string | undefined; minFillMs: number; tokenMaxAgeMs: number };
  rateLimit: { perIp: number; windowMs: number };
  trustProxy: TrustProxy;
  allowedOrigins: string[];
  /** The team's workspace (server/team/). */
  team: { idleMs: number; sessionMaxMs: number; accessRecordRetentionDays: number; accessRecordsKey?: string };
  /** The founder's side (decision 084). */
  founder: {
    /** Send the confirmation and ready mails (FOUNDER_MAIL). */
    mail: boolean;
    /** At most this many confirmation mails to one address in 24 hours (counted by the address's hash). */
    confirmationsPerDay: number;
    /** The team's notice of a founder's answers and meeting changes waits this long: a burst is told once (FOUNDER_BURST_MS). */
    burstMs: number;
    /** The HMAC key of status links; generated and kept in the database when unset (like FORM_SECRET). */
    linkSecret: string | undefined;
    /** The origin the mails' status links start with: SITE_URL, else this server on localhost. */
    siteUrl: string;
  };
  /** Field Web Vitals and the cookieless funnel (server/vitals/, decision 098). */
  vitals: {
    /** Take beacons, count the funnel and show the 현황 figures (VITALS); off: the endpoint is gone, nothing counted. */
    enabled: boolean;
    /** Day histograms and funnel counts older than this many days are deleted (VITALS_RETENTION_DAYS). */
    retentionDays: number;
    /** Beacons one address may have counted per window, per instance (the flood bound, decision 098). */
    perIp: number;
    windowMs: number;
    /** How often the counts gathered in memory are written. */
    flushMs: number;
  };
  /** The team's push notifications (server/push/, decision 130). */
  push: {
    /** The VAPID key pair from the settings, both or neither; neither: made once and kept in the database. */
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    /** The VAPID JWT's `sub`: PUSH_SUBJECT, else mailto: TEAM_EMAIL's address. */
    subject: string;
    /** A notification's TTL at the push service and how long it is retried (PUSH_TTL_HOURS). */
    ttlMs: number;
  };
  /** KakaoTalk 알림톡 through SOLAPI (server/kakao/); undefined: off (nothing is set). */
  kakao:
    | {
        baseUrl: string;
        apiKey: string;
        apiSecret: string;
        /** The SMS/LMS sender number registered with SOLAPI (the fallback's From). */
        sender: string;
        /** The KakaoTalk channel's profile id. */
        pfId: string;
        templateIds: Record<KakaoTemplateKey, string>;
      }
    | undefined;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * TRUST_PROXY names the proxies whose X-Forwarded-For is believed: `127.0.0.1` (a proxy on this machine), addresses or
 * CIDRs (proxy-addr's syntax), or `true` (every hop: only where the platform strips what clients send). A hop count
 * is refused: Fastify 5 ignores it on purpose (it cannot tell the proxy from a client that forges the header), so
 * it would leave every visitor counted as the proxy by the per-client rate limit.
 */
function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  if (raw === undefined) return false;
  if (/^(true|yes)$/i.test(raw)) return true;
  if (/^(false|no|0)$/i.test(raw)) return false;
  if (/^\d+$/.test(raw)) {
    return {
      error: `TRUST_PROXY: a hop count (got "${raw}") is not trusted; name the proxy instead: 127.0.0.1 (on this machine) or its addresses, e.g. 10.0.0.0/8`,
    };
  }
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Validates `env` (default: process.env) and returns the typed config, or throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '(env)');
        // URLs and secrets may carry passwords: name them, never echo them.
        const shown = SECRET_VARIABLES.has(name) ? '(value hidden)' : `(got ${JSON.stringify(env[name] ?? null)})`;
        return `${name}: ${issue.message} ${shown}`;
      }),
    );
  }
  const e = parsed.data;
  const allowedOrigins = (e.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const badOrigin = allowedOrigins.find((origin) => !/^https?:\/\/[^/]+$/.test(origin));
  if (badOrigin) throw new ConfigError([`ALLOWED_ORIGINS: "${badOrigin}" is not an origin like https://example.com`]);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && 'error' in trustProxy) throw new ConfigError([trustProxy.error]);
  if (e.IMAP_URL && !e.REPLY_TO_EMAIL)
    throw new ConfigError([
      'REPLY_TO_EMAIL: IMAP_URL reads the replies to it, so it must be set too (the address whose mailbox IMAP_URL opens)',
    ]);
  if ((e.PUSH_VAPID_PUBLIC_KEY === undefined) !== (e.PUSH_VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError([
      'PUSH_VAPID_PUBLIC_KEY and PUSH_VAPID_PRIVATE_KEY: set both (a pair) or neither (one is made and kept in the database)',
    ]);
  }
  const kakao = kakaoSettings(e);
  if ('error' in kakao) throw new ConfigError([kakao.error]);
  if (e.NODE_ENV === 'production' && (!e.SITE_URL || isLocalOrigin(e.SITE_URL))) {
    throw new ConfigError([
      `SITE_URL: in production it must be the site's public address, e.g. https://mvp24.kr (got ${JSON.stringify(e.SITE_URL ?? null)}): ` +
        'canonical links, the sitemap and KakaoTalk previews would point at it',
    ]);
  }
  if (e.NODE_ENV === 'production') {
    const missing = AGENCY_VARIABLES.filter((name) => e[name] === undefined);
    if (missing.length > 0)
      throw new ConfigError(
        missing.map(
          (name) =>
            `${name}: in production the agency's details must be set: the service agreement names them (decision 150)`,
        ),
      );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      idleTimeoutMs: e.IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.DATA_DIR),
    siteDir: path.resolve(e.SITE_DIR),
    siteUrl: e.SITE_URL,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      teamEmail: e.TEAM_EMAIL,
      worker: e.MAIL_WORKER,
      pollMs: e.MAIL_POLL_MS,
      maxAgeMs: Math.round(e.MAIL_MAX_AGE_HOURS * 3_600_000),
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      retryMaxMs: e.MAIL_RETRY_MAX_MS,
      digestThreshold: e.MAIL_DIGEST_THRESHOLD,
      formDigestThreshold: e.MAIL_FORM_DIGEST_THRESHOLD,
      digestPeriodMs: e.MAIL_DIGEST_MINUTES * 60_000,
      smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
      leaseMs: mailLeaseMs(e.SMTP_TIMEOUT_MS),
      leaseRenewAfterMs: leaseRenewAfterMs(e.SMTP_TIMEOUT_MS),
    },
    mailbox: {
      replyToBase: e.REPLY_TO_EMAIL,
      imapUrl: e.IMAP_URL,
      pollMs: e.IMAP_POLL_MS,
      maxBytes: e.IMAP_MAX_MAIL_BYTES,
      handledFolder: e.IMAP_HANDLED_FOLDER,
      unmatchedDays: e.IMAP_UNMATCHED_DAYS,
    },
    shutdownGraceMs: shutdownGraceMs(e.SMTP_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
    alerts: {
      webhookUrl: e.ALERT_WEBHOOK_URL,
      webhookFormat: e.ALERT_WEBHOOK_FORMAT,
      unsentAfterMs: e.ALERT_UNSENT_MINUTES * 60_000,
      reminderHours: e.ALERT_REMINDER_HOURS,
    },
    jobs: e.JOBS,
    weeklyMail: weeklyMailAt(e.WEEKLY_MAIL_AT),
    agency: {
      businessNumber: e.AGENCY_BUSINESS_NUMBER,
      address: e.AGENCY_ADDRESS,
      bank:
        e.AGENCY_BANK_NAME && e.AGENCY_BANK_ACCOUNT && e.AGENCY_BANK_HOLDER
          ? { name: e.AGENCY_BANK_NAME, account: e.AGENCY_BANK_ACCOUNT, holder: e.AGENCY_BANK_HOLDER }
          : undefined,
      depositPercent: e.CONTRACT_DEPOSIT_PERCENT,
    },
    retention: { ideaDays: e.IDEA_RETENTION_DAYS, ipDays: e.IP_RETENTION_DAYS, spamMaxKept: e.SPAM_MAX_KEPT },
    publicApiKey: e.PUBLIC_API_KEY,
    form: { secret: e.FORM_SECRET, minFillMs: e.FORM_MIN_FILL_MS, tokenMaxAgeMs: e.FORM_TOKEN_MAX_AGE_MS },
    rateLimit: { perIp: e.RATE_LIMIT_PER_IP, windowMs: e.RATE_LIMIT_WINDOW_MS },
    trustProxy,
    allowedOrigins,
    team: {
      idleMs: e.TEAM_IDLE_MINUTES * 60_000,
      sessionMaxMs: e.TEAM_SESSION_HOURS * 3_600_000,
      accessRecordRetentionDays: e.ACCESS_RECORD_RETENTION_DAYS,
      accessRecordsKey: e.ACCESS_RECORDS_KEY,
    },
    founder: {
      mail: e.FOUNDER_MAIL,
      confirmationsPerDay: e.FOUNDER_CONFIRMATIONS_PER_DAY,
      burstMs: e.FOUNDER_BURST_MS,
      linkSecret: e.STATUS_LINK_SECRET,
      siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    },
    vitals: {
      enabled: e.VITALS,
      retentionDays: e.VITALS_RETENTION_DAYS,
      perIp: e.VITALS_BEACONS_PER_IP,
      windowMs: e.VITALS_WINDOW_MS,
      flushMs: e.VITALS_FLUSH_MS,
    },
    push: {
      vapidKeys:
        e.PUSH_VAPID_PUBLIC_KEY && e.PUSH_VAPID_PRIVATE_KEY
          ? { publicKey: e.PUSH_VAPID_PUBLIC_KEY, privateKey: e.PUSH_VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.PUSH_SUBJECT ?? `mailto:${addressOf(e.TEAM_EMAIL)}`,
      ttlMs: e.PUSH_TTL_HOURS * 3_600_000,
    },
    kakao: kakao.settings,
  };
}

/** SOLAPI's settings: all of the key, secret, sender, channel and every template's id, or none (off). */
function kakaoSettings(e: z.output<typeof envSchema>): { settings: Config['kakao'] } | { error: string } {
  const required = {
    SOLAPI_API_KEY: e.SOLAPI_API_KEY,
    SOLAPI_API_SECRET: e.SOLAPI_API_SECRET,
    SOLAPI_SENDER: e.SOLAPI_SENDER,
    KAKAO_PFID: e.KAKAO_PFID,
    KAKAO_TEMPLATE_IDS: e.KAKAO_TEMPLATE_IDS,
  };
  const missing = Object.entries(required).filter(([, value]) => value === undefined);
  if (missing.length === Object.keys(required).length) return { settings: undefined };
  if (missing.length > 0)
    return {
      error: `${missing.map(([name]) => name).join(', ')}: KakaoTalk updates need SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_SENDER, KAKAO_PFID and KAKAO_TEMPLATE_IDS together (or none: off)`,
    };
  const ids = Object.fromEntries(
    e
      .KAKAO_TEMPLATE_IDS!.split(',')
      .map((pair) => pair.split('=').map((part) => part.trim()))
      .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== '' && pair[1] !== ''),
  );
  const absent = KAKAO_TEMPLATE_KEYS.filter((key) => !ids[key]);
  if (absent.length > 0)
    return {
      error: `KAKAO_TEMPLATE_IDS: no template id for ${absent.join(', ')} (content/kakao-templates.ts names each)`,
    };
  return {
    settings: {
      baseUrl: e.SOLAPI_BASE_URL.replace(/\/$/, ''),
      apiKey: e.SOLAPI_API_KEY!,
      apiSecret: e.SOLAPI_API_SECRET!,
      sender: e.SOLAPI_SENDER!,
      pfId: e.KAKAO_PFID!,
      templateIds: Object.fromEntries(KAKAO_TEMPLATE_KEYS.map((key) => [key, ids[key]!])) as Record<
        KakaoTemplateKey,
        string
      >,
    },
  };
}

/** The bare address of a mailbox setting that may carry a name (`24시간 MVP <team@…>`). */
function addressOf(mailbox: string): string {
  return /<([^>]+)>/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}

/** True for an address only this machine can reach: localhost, the loopback range, an unspecified address. */
export function isLocalOrigin(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0.0.0.0'
  );
}

/** A config for tests and tools: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** `mon 09:00` → Monday, 9, 0; `off` → null (the value is checked by the schema above). */
function weeklyMailAt(value: string): Config['weeklyMail'] {
  if (value === 'off') return null;
  const [day = 'mon', time = '09:00'] = value.split(' ');
  const [hour = 9, minute = 0] = time.split(':').map(Number);
  return { weekday: WEEKDAYS.indexOf(day), hour, minute };
}
