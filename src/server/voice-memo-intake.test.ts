/**
 * Ideas sent as a voice memo, on PGlite AND PostgreSQL, through the running app (inject) to a real SMTP server:
 * a memo is stored with its idea and mailed once as an attachment (also after an SMTP outage); what is not audio
 * (a video, a signature before junk), too big or cut short is refused in Korean with nothing stored.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDEA_ENDPOINT, IDEA_OR_MEMO_REQUIRED, type IdeaReceipt } from '../domain/idea';
import { VOICE_MEMO_MAX_BYTES } from '../domain/voice-memo';
import { freePort } from '../../test-support/server/postgres-cluster';
import { formToken } from '../../test-support/server/intake-client';
import { startSmtpServer, type SmtpTestServer } from '../../test-support/server/smtp-test-server';
import {
  memoFixture,
  mp4Memo,
  multipartBody as multipart,
  oggMemo,
  webmBytes,
} from '../../test-support/server/voice-memo-body';
import { DRIVERS, testDatabase, type TestDatabase } from '../../test-support/server/test-database';
import { teamMailCopy } from '../content/team-mail';
import { buildTestApp, DELIVERY_TEST_ENV } from '../../test-support/server/test-app';
import { openMemo } from './storage/memo-cipher';
import { followUpAll } from './ideas/follow-up';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(200).fill(7)]);

const memoFields = (overrides: Record<string, string> = {}) => ({
  idea: '',
  name: '목소리로 보낸 분',
  email: 'voice@example.com',
  phone: '',
  website: '',
  formToken: formToken(),
  memoDurationMs: '3000',
  ...overrides,
});

describe.each(DRIVERS)('voice memo intake on %s', (driver) => {
  let store: TestDatabase;
  let smtp: SmtpTestServer | undefined;
  const apps: FastifyInstance[] = [];

  async function startApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
    const app = await buildTestApp(store, {
      ...DELIVERY_TEST_ENV,
      ...env,
    });
    apps.push(app);
    return app;
  }

  async function send(
    app: FastifyInstance,
    body: { payload: Buffer; contentType: string },
    headers: Record<string, string> = {},
  ) {
    return app.inject({
      method: 'POST',
      url: IDEA_ENDPOINT,
      headers: { 'content-type': body.contentType, ...headers },
      payload: body.payload,
    });
  }

  const counts = async (app: FastifyInstance) => {
    const [row] = await app.database.rows<{ ideas: number; memos: number; outbox: number }>(sql`
      select (select count(*)::int from ideas) as ideas, (select count(*)::int from voice_memos) as memos, (select count(*)::int from outbox) as outbox`);
    return { ideas: Number(row!.ideas), memos: Number(row!.memos), outbox: Number(row!.outbox) };
  };

  beforeAll(async () => {
    store = await testDatabase(driver);
  });

  afterEach(async () => {
    while (apps.length > 0) await apps.pop()?.close();
    await smtp?.stop();
    smtp = undefined;
    await store.empty();
  });

  afterAll(() => store.cleanup());

  it('stores a memo sent without text and mails it once as an audio attachment, a retry storing nothing twice', async () => {
    smtp = await startSmtpServer();
    const app = await startApp({ SMTP_URL: smtp.url });
    const memo = webmBytes(200 * 1024);
    const body = await multipart(memoFields(), { bytes: memo });
    const first = await send(app, body, { 'idempotency-key': 'memo-retry-0001' });
    expect(first.statusCode, first.body).toBe(202);
    const again = await send(app, body, { 'idempotency-key': 'memo-retry-0001' });
    expect(again.json<IdeaReceipt>().id).toBe(first.json<IdeaReceipt>().id);
    const { id } = first.json<IdeaReceipt>();

    const [stored] = await app.database.rows<{
      mime_type: string;
      duration_ms: number;
      byte_size: number;
      bytes: Uint8Array;
      memo_key: Uint8Array | null;
    }>(sql`select m.mime_type, m.duration_ms, m.byte_size, m.bytes, i.memo_key
      from voice_memos m join ideas i on i.id = m.idea_id where m.idea_id = ${id}::uuid`);
    expect(stored).toMatchObject({ mime_type: 'audio/webm', duration_ms: 3000, byte_size: memo.length });
    // Sealed with the idea's own key (decision 105): the table holds only what the key opens.
    expect(Buffer.from(stored!.bytes).includes(memo.subarray(0, 64))).toBe(false);
    expect(openMemo(Buffer.from(stored!.bytes), Buffer.from(stored!.memo_key!)).equals(memo)).toBe(true);
    // The team's mail, queued by the idea's follow-up (decision 119), goes once.
    const [mail] = await smtp.waitFor(1);
    expect(await counts(app)).toEqual({ ideas: 1, memos: 1, outbox: 1 });
    await app.outbox.settled();
    expect(smtp.received).toHaveLength(1);
    expect(mail!.parsed.subject).toBe(
      teamMailCopy.subject(id.slice(0, 8), '목소리로 보낸 분', teamMailCopy.memoSummary('0:03')),
    );
    expect(mail!.parsed.text).toContain(`음성 메모: 0:03 (첨부 파일 음성메모-${id.slice(0, 8)}.webm, 200 KB)`);
    expect(mail!.parsed.attachments).toHaveLength(1);
    const attachment = mail!.parsed.attachments[0]!;
    expect(attachment.contentType).toBe('audio/webm');
    expect(attachment.filename).toBe(`음성메모-${id.slice(0, 8)}.webm`);
    expect(attachment.content.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(attachment.content.equals(memo)).toBe(true);
  });

  it('takes MP4 and Ogg recordings and real Chromium recordings by their bytes, whatever type they declare', async () => {
    const app = await startApp({ MAIL_WORKER: 'false' });
    const mp4 = mp4Memo({ fragmented: true });
    expect(
      (await send(app, await multipart(memoFields(), { bytes: mp4, type: 'application/octet-stream', name: 'a.bin' })))
        .statusCode,
    ).toBe(202);
    expect((await send(app, await multipart(memoFields(), { bytes: oggMemo(), type: 'audio/webm' }))).statusCode).toBe(
      202,
    );
    expect(
      (await send(app, await multipart(memoFields(), { bytes: memoFixture('chromium-opus.webm') }))).statusCode,
    ).toBe(202);
    expect(
      (await send(app, await multipart(memoFields(), { bytes: memoFixture('chromium-audio.mp4'), type: 'audio/mp4' })))
        .statusCode,
    ).toBe(202);
    const types = await app.database.rows<{ mime_type: string }>(
      sql`select mime_type from voice_memos order by mime_type`,
    );
    expect(types.map((row) => row.mime_type)).toEqual(['audio/mp4', 'audio/mp4', 'audio/ogg', 'audio/webm']);
  });

  it('refuses what is not audio with 415 in Korean, storing nothing: a video, or an audio signature before junk', async () => {
    const app = await startApp({ MAIL_WORKER: 'false' });
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(500, 3)]); // a phone photo
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>', 'latin1');
    const notAudio = [
      PNG,
      heic,
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
      memoFixture('chromium-vp8.webm'), // a VP8 video
      memoFixture('chromium-vp8-opus.webm'),
      memoFixture('chromium-video.mp4'),
      mp4Memo({ handlers: ['vide'] }),
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), html]), // four magic bytes, then HTML
      Buffer.concat([webmBytes(2000), html]),
      Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.from('MZ\x90\0', 'latin1'), Buffer.alloc(400, 0x90)]), // then a program
    ];
    for (const bytes of notAudio) {
      const response = await send(app, await multipart(memoFields(), { bytes, type: 'audio/webm', name: 'memo.webm' }));
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toEqual({
        code: 'unsupported_audio',
        message: expect.stringContaining('음성 메모'),
      });
    }
    expect(await counts(app)).toEqual({ ideas: 0, memos: 0, outbox: 0 });
  });

  it('refuses a memo over 2 MB with 413, by its declared length and while it streams in', async () => {
    const app = await startApp({ MAIL_WORKER: 'false' });
    const declared = await send(
      app,
      await multipart(memoFields(), { bytes: webmBytes(VOICE_MEMO_MAX_BYTES + 100 * 1024) }),
    );
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error.code).toBe('memo_too_large');
    // Within the declared allowance (fields + memo), but the file itself is over: cut off while reading.
    const streamed = await send(app, await multipart(memoFields(), { bytes: webmBytes(VOICE_MEMO_MAX_BYTES + 1) }));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error).toEqual({ code: 'memo_too_large', message: expect.stringContaining('3분') });
    expect(await counts(app)).toEqual({ ideas: 0, memos: 0, outbox: 0 });
  });

  it('refuses a truncated upload, whether the body ends early or the connection drops, storing nothing', async () => {
    const app = await startApp({ MAIL_WORKER: 'false' });
    const whole = await multipart(memoFields(), { bytes: webmBytes(100 * 1024) });
    const cut = {
      payload: whole.payload.subarray(0, whole.payload.length - 40 * 1024),
      contentType: whole.contentType,
    };
    const ended = await send(app, cut);
    expect(ended.statusCode).toBe(400);
    expect(ended.json().error).toEqual({
      code: 'memo_incomplete',
      message: expect.stringContaining('끝까지 전송되지 않았습니다'),
    });

    // A phone that loses its connection halfway: the server gets part of the declared body, then nothing. An app
    // that logs (at info), so the test knows when the request's handling ended: its rejection is the last line.
    const lines: string[] = [];
    let rejected: () => void = () => {};
    const handled = new Promise<void>((resolve) => (rejected = resolve));
    const listening = await buildTestApp(
      store,
      { ...DELIVERY_TEST_ENV, MAIL_WORKER: 'false', LOG_LEVEL: 'info' },
      {
        logStream: {
          write: (line: string) => {
            lines.push(line);
            if (line.includes('"request rejected"')) rejected();
          },
        },
      },
    );
    apps.push(listening);
    await listening.listen({ host: '127.0.0.1', port: 0 });
    const port = (listening.server.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${IDEA_ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${whole.contentType}\r\nContent-Length: ${whole.payload.length}\r\n\r\n`,
        );
        // Half the body, then the connection is gone (once the server has it: a reset would lose the bytes too).
        socket.write(whole.payload.subarray(0, 60 * 1024), () => socket.end(() => socket.destroy()));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    await handled;
    expect(lines.filter((line) => line.includes('"request rejected"')).map((line) => JSON.parse(line).code)).toEqual([
      'memo_incomplete',
    ]);
    expect(await counts(app)).toEqual({ ideas: 0, memos: 0, outbox: 0 });
  });

  it('needs the text or a memo, and a declared memo must come with its file', async () => {
    const app = await startApp({ MAIL_WORKER: 'false' });
    const { memoDurationMs: _ignored, ...withoutMemo } = memoFields();
    const neither = await send(app, await multipart(withoutMemo));
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.fields).toEqual({ idea: IDEA_OR_MEMO_REQUIRED });
    const declaredOnly = await send(app, await multipart(memoFields()));
    expect(declaredOnly.statusCode).toBe(400);
    expect(declaredOnly.json().error.code).toBe('memo_incomplete');
    const fileOnly = await send(app, await multipart(withoutMemo, { bytes: webmBytes(1000) }));
    expect(fileOnly.statusCode).toBe(400);
    expect(await counts(app)).toEqual({ ideas: 0, memos: 0, outbox: 0 });
    // The text alone is enough, as before (JSON).
    const text = await app.inject({
      method: 'POST',
      url: IDEA_ENDPOINT,
      payload: { ...withoutMemo, idea: '글로 쓴 아이디어' },
    });
    expect(text.statusCode).toBe(202);
  });

  it('applies the abuse guards to memos: a honeypot fill is set aside, not mailed', async () => {
    const app = await startApp({ MAIL_WORKER: 'false' });
    const response = await send(
      app,
      await multipart(memoFields({ website: 'https://spam.example' }), { bytes: webmBytes(1000) }),
    );
    expect(response.statusCode).toBe(202);
    const [row] = await app.database.rows<{ spam_reason: string }>(sql`select spam_reason from ideas`);
    expect(row!.spam_reason).toBe('honeypot');
    await followUpAll(app.database);
    expect(await counts(app)).toEqual({ ideas: 1, memos: 1, outbox: 0 });
  });

  it('keeps the memo while SMTP is down and delivers it once, with the attachment, when SMTP comes up', async () => {
    const port = await freePort();
    const app = await startApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const memo = webmBytes(50 * 1024);
    expect((await send(app, await multipart(memoFields(), { bytes: memo }))).statusCode).toBe(202);
    // The worker has tried (and failed) at least once before SMTP comes up.
    await expect
      .poll(
        async () =>
          Number((await app.database.rows<{ attempts: number }>(sql`select attempts from outbox`))[0]?.attempts),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    smtp = await startSmtpServer(port);
    const [mail] = await smtp.waitFor(1);
    await app.outbox.settled();
    expect(smtp.received).toHaveLength(1);
    expect(mail!.parsed.attachments[0]!.content.equals(memo)).toBe(true);
  });
});
