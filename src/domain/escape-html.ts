/**
 * HTML escaping, the one copy for every page and mail we write as text: the prerendered head, the crawl files, the
 * server's Korean answer pages and the team mail's HTML part.
 */
const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes a value for an HTML text node or a double- or single-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => htmlEntities[ch] ?? ch);
}
