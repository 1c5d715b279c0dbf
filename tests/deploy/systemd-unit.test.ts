/** docs/deploy.md's systemd unit passes systemd's own check (where systemd-analyze is installed). */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ANALYZE = '/usr/bin/systemd-analyze';
const unit = fileURLToPath(new URL('../../deploy/mvp24.service', import.meta.url));

describe.skipIf(!existsSync(ANALYZE))('deploy/mvp24.service', () => {
  it('verifies cleanly: known directives, an executable ExecStart, a graceful stop', async () => {
    const { stdout, stderr } = await promisify(execFile)(ANALYZE, ['verify', unit]);
    expect(`${stdout}${stderr}`.trim()).toBe('');
  });
});
