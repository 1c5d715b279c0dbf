/**
 * A throwaway IMAP server for tests (decision 127): Debian's Dovecot (`apt-get install dovecot-imapd`, .ci/run) with a
 * configuration of its own in a temp dir — plain IMAP on 127.0.0.1 at a free port, one static password, Maildir
 * folders in the temp dir, no system service touched — started like the PostgreSQL cluster (postgres-cluster.ts):
 * `dovecot -c <conf>` returns once its listener is bound; stopped with `doveadm stop` and the dir deleted. As root,
 * the mail is kept as the `dovecot` user; otherwise as the caller. `client()` opens an imapflow connection for the
 * test's own appends and looks.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';
import { freePort } from './postgres-cluster';

const run = promisify(execFile);

export interface DovecotServer {
  port: number;
  /** IMAP_URL for `user` (any name logs in with the password), its folder as the path. */
  url(user?: string, folder?: string): string;
  /** A connected client of the test's own (logged out by the caller). */
  client(user?: string): Promise<ImapFlow>;
  /** Appends a raw mail to `folder` (INBOX by default) of `user`. */
  append(raw: Buffer, user?: string, folder?: string): Promise<void>;
  /** How many mails `folder` of `user` holds (0 when it does not exist). */
  count(folder: string, user?: string): Promise<number>;
  stop(): Promise<void>;
}

const PASSWORD = 'imap-test-password';
export const DOVECOT_USER = 'team';

export function dovecotBinary(): string {
  const binary = ['/usr/sbin/dovecot', '/usr/bin/dovecot'].find((candidate) => fs.existsSync(candidate));
  if (!binary)
    throw new Error(
      'Dovecot not found: install it with `apt-get install dovecot-imapd` (.ci/run does) to run the mailbox tests.',
    );
  return binary;
}

/** `idle: false` leaves IDLE out of the server's capabilities (a server without it: the reader's polling fallback). */
export async function startDovecot(options: { idle?: boolean } = {}): Promise<DovecotServer> {
  const binary = dovecotBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-dovecot-'));
  const mail = path.join(dir, 'mail');
  for (const sub of ['run', 'state', 'mail']) fs.mkdirSync(path.join(dir, sub));
  const asRoot = process.getuid?.() === 0;
  const account = asRoot ? 'dovecot' : os.userInfo().username;
  if (asRoot) {
    // The mail is kept as `dovecot`, which must pass through the temp dir (mkdtemp makes it 0700).
    fs.chmodSync(dir, 0o711);
    await run('chown', ['dovecot:dovecot', mail]);
  }
  const port = await freePort();
  const conf = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(
    conf,
    [
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `log_path = ${dir}/dovecot.log`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `mail_location = maildir:${mail}/%u`,
      // The account the mail is kept as may be a system one (uid below 500, Debian's `dovecot`).
      'first_valid_uid = 1',
      // A wrong password is answered at once (the default waits 2 s against guessing).
      'auth_failure_delay = 0',
      ...(options.idle === false
        ? ['imap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE LITERAL+ UIDPLUS MOVE NAMESPACE']
        : []),
      ...(asRoot ? [] : [`default_internal_user = ${account}`, `default_login_user = ${account}`]),
      'passdb {',
      '  driver = static',
      `  args = password=${PASSWORD}`,
      '}',
      'userdb {',
      '  driver = static',
      `  args = uid=${account} gid=${asRoot ? 'dovecot' : os.userInfo().gid} home=${mail}/%u`,
      '}',
      'service imap-login {',
      '  inet_listener imap {',
      '    address = 127.0.0.1',
      `    port = ${port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      ...(asRoot ? [] : ['  chroot =']),
      '}',
      '',
    ].join('\n'),
  );
  // The master forks into the background once its listeners are bound; its output goes to log_path, not to a pipe
  // that would hold the call open.
  await new Promise<void>((resolve, reject) => {
    const master = spawn(binary, ['-c', conf], { stdio: 'ignore' });
    master.once('error', reject);
    master.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`dovecot exited with ${code}: see ${dir}/dovecot.log`)),
    );
  });
  const client = async (user = DOVECOT_USER) => {
    const connection = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: PASSWORD },
      logger: false,
    });
    await connection.connect();
    return connection;
  };
  return {
    port,
    url: (user = DOVECOT_USER, folder = 'INBOX') => `imap://${user}:${PASSWORD}@127.0.0.1:${port}/${folder}`,
    client,
    async append(raw, user = DOVECOT_USER, folder = 'INBOX') {
      const connection = await client(user);
      try {
        await connection.append(folder, raw);
      } finally {
        await connection.logout();
      }
    },
    async count(folder, user = DOVECOT_USER) {
      const connection = await client(user);
      try {
        const status = await connection.status(folder, { messages: true }).catch(() => undefined);
        return status ? (status.messages ?? 0) : 0;
      } finally {
        await connection.logout();
      }
    },
    async stop() {
      await run('doveadm', ['-c', conf, 'stop']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
