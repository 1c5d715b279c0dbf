/**
 * Which ideas a saved .eml holds (the file fallback, mail/mail-files.ts): the id its file's key starts with and the
 * ids in its text; a uuid later in the name (a message's, a meeting's, an invite's) is no idea's, or the hourly
 * sweep would remove an invite or an alert whose "idea" is not in the database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ideasInMailFile } from './mail-files';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function saved(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-mail-files-'));
  dirs.push(dir);
  const file = path.join(dir, `${name}.eml`);
  fs.writeFileSync(file, `Subject: test\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}\r\n`);
  return file;
}

describe('the ideas a saved mail holds', () => {
  const idea = crypto.randomUUID();
  const other = crypto.randomUUID();

  it('takes the id its name starts with, and the ids in its text', async () => {
    expect(await ideasInMailFile(saved(idea, '접수 번호'))).toEqual([idea]);
    expect(await ideasInMailFile(saved(`${idea}-founder-message-${other}`, '접수 번호 1234abcd'))).toEqual([idea]);
    expect(await ideasInMailFile(saved(`${idea}-meeting-request-team-2`, ''))).toEqual([idea]);
    expect(await ideasInMailFile(saved(`digest-${Date.now()}`, `${idea}\n${other}`))).toEqual([idea, other]);
  });

  it('finds no idea in an invite or an alert whose name holds some other uuid', async () => {
    expect(await ideasInMailFile(saved(`invite-${other}`, '초대 링크'))).toEqual([]);
    expect(await ideasInMailFile(saved(`alert-founder_answered-${other}-mail`, '접수 번호 1234abcd'))).toEqual([]);
  });
});
