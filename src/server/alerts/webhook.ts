/**
 * Posts one alert to ALERT_WEBHOOK_URL: a Slack-compatible incoming webhook takes `{"text": …}`, a Discord webhook
 * `{"content": …}`. `auto` (the default) recognises Discord by its URL (discord.com or discordapp.com, /api/webhooks/).
 */
export type WebhookFormat = 'auto' | 'slack' | 'discord';

/** Longest wait for the webhook's answer; the alert claim's lease is derived from it. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export function isDiscordWebhook(url: string): boolean {
  const { hostname, pathname } = new URL(url);
  return /(^|\.)discord(app)?\.com$/.test(hostname) && pathname.startsWith('/api/webhooks/');
}

export function webhookBody(url: string, format: WebhookFormat, text: string): { text: string } | { content: string } {
  const discord = format === 'discord' || (format === 'auto' && isDiscordWebhook(url));
  return discord ? { content: text } : { text };
}

/** Resolves when the webhook answered 2xx; rejects otherwise (the sender retries). */
export async function postWebhook(url: string, format: WebhookFormat, text: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(webhookBody(url, format, text)),
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}
