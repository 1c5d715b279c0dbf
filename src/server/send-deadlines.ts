/**
 * The one home of the mail timings that must agree with each other (decision 074). SMTP_TIMEOUT_MS bounds one
 * whole SMTP conversation (connect, greeting, envelope, the message and the server's answer to its end; RFC 5321
 * §4.5.3.2 lets a server take 10 minutes over that answer, so that is the default). Everything else follows from it:
 * - a claimed row's lease outlives a send by a margin (the time to renew it and to record the outcome), and the
 *   worker renews the leases of the rows it still holds before each mail, so a batch never outlives its claim;
 * - a stopping server waits for the mail in flight (at most one send) before it exits, plus the time to drain
 *   requests and close the database: that is its grace period (main.ts), and systemd's TimeoutStopSec must exceed it.
 */

/** RFC 5321 §4.5.3.2.6: a client should wait 10 minutes for the reply to the end of DATA. */
export const DEFAULT_SMTP_TIMEOUT_MS = 10 * 60_000;

/** Time beyond a send that a lease keeps: renewing it before, recording the outcome after. */
export function leaseMarginMs(smtpTimeoutMs: number): number {
  return Math.min(60_000, Math.max(1_000, Math.round(smtpTimeoutMs / 4)));
}

/** How long a claim on an outbox row is exclusive: one whole send plus the margin. */
export function mailLeaseMs(smtpTimeoutMs: number): number {
  return smtpTimeoutMs + leaseMarginMs(smtpTimeoutMs);
}

/**
 * A worker renews its leases before a mail once this long has passed since the last renewal: the lease left then
 * still covers a whole send and half the margin to record it. Fast sends (.eml files, a quick server) renew rarely.
 */
export function leaseRenewAfterMs(smtpTimeoutMs: number): number {
  return Math.floor(leaseMarginMs(smtpTimeoutMs) / 2);
}

/** Time to drain in-flight HTTP requests and close the database once the mail in flight is done. */
export const SHUTDOWN_DRAIN_MS = 10_000;

/** The longest SMTP_TIMEOUT_MS accepted: RFC 5321's wait, which deploy/mvp24.service's TimeoutStopSec covers. */
export const MAX_SMTP_TIMEOUT_MS = DEFAULT_SMTP_TIMEOUT_MS;

/**
 * How long a stopping server may take before it is forced out: the mail in flight and the requests in flight are
 * finished together (app.ts stops the worker as closing begins), then the database is closed.
 */
export function shutdownGraceMs(smtpTimeoutMs: number, requestTimeoutMs = 0): number {
  return Math.max(mailLeaseMs(smtpTimeoutMs), requestTimeoutMs) + SHUTDOWN_DRAIN_MS;
}
