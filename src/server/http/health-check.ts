/**
 * One check of GET /healthz (routes/healthz.ts): its name in the body and whether the service works but the team
 * should act (`degraded`). The checks live with what they watch (mail/mail-backlog.ts, http/proxy-detection.ts);
 * this shape is here, below them, so that none of them reaches up to the route.
 */
export interface HealthCheckResult {
  degraded: boolean;
  [field: string]: unknown;
}

export interface HealthCheck {
  /** The body field the result is reported under. */
  name: string;
  check(): Promise<HealthCheckResult>;
}
