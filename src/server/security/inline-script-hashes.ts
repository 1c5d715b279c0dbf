/**
 * CSP hashes for inline scripts: the prerendered HTML may carry a small inline <script> (no src). The CSP allows
 * exactly those by their sha256, never 'unsafe-inline'. JSON-LD blocks are data, not scripts, and need no hash.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** `'sha256-…'` sources for every executable inline script in the given HTML. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(SCRIPT_TAG)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function htmlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Unique hashes over every .html file under `siteDir` (none when the site is not built). */
export function siteInlineScriptHashes(siteDir: string): string[] {
  const all = new Set<string>();
  for (const file of htmlFiles(siteDir)) {
    for (const hash of inlineScriptHashes(fs.readFileSync(file, 'utf8'))) all.add(hash);
  }
  return [...all].sort();
}
