/** docs/deploy.md's systemd unit passes systemd's own check (where systemd-analyze is installed). */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { MAX_SMTP_TIMEOUT_MS, shutdownGraceMs } from '../../src/server/send-deadlines';

const ANALYZE = '/usr/bin/systemd-analyze';
const unit = fileURLToPath(new URL('../../deploy/mvp24.service', import.meta.url));

describe('deploy/mvp24.service stop timeout', () => {
  it("gives a stopping server longer than its longest grace period (one mail at SMTP_TIMEOUT_MS's maximum)", () => {
    const minutes = Number(/^TimeoutStopSec=(\d+)min$/m.exec(readFileSync(unit, 'utf8'))?.[1]);
    expect(minutes * 60_000).toBeGreaterThan(
      shutdownGraceMs(MAX_SMTP_TIMEOUT_MS, loadConfig({}).http.requestTimeoutMs),
    );
  });
});

describe.skipIf(!existsSync(ANALYZE))('deploy/mvp24.service', () => {
  it('verifies cleanly: known directives, an executable ExecStart, a graceful stop', async () => {
    const { stdout, stderr } = await promisify(execFile)(ANALYZE, ['verify', unit]);
    expect(`${stdout}${stderr}`.trim()).toBe('');
  });
});
