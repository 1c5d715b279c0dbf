/** The backoff of everything the server retries sending (team mail, alerts). */

/** Exponential backoff with "equal jitter": between half and all of base·2^(attempt-1), capped at max. */
export function retryDelayMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
