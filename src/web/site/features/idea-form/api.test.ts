import { PRIVACY_VERSION } from '../../../../content/privacy-version';
import { SOURCE_STORAGE_KEY } from '../../../../domain/landing';
import { describe, expect, it, vi } from 'vitest';
import { createIdeaClient, type ApiClientConfig } from './api';

const values = { idea: '아이디어', name: '김민지', email: 'minji@example.com', phone: '' };
const receipt = { id: 'idea_1', receivedAt: '2026-11-22T06:00:00.000Z', promisedBy: '2026-11-23T06:00:00.000Z' };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function setup(replies: Array<Response | Error>, overrides: Partial<ApiClientConfig> = {}) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  let keys = 0;
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    if (url.endsWith('/functions/v1/idea-form-token')) return json(200, { token: 'tok-1' });
    const reply = replies.shift();
    if (!reply) throw new Error('no reply left');
    if (reply instanceof Error) throw reply;
    return reply;
  });
  const client = createIdeaClient({
    baseUrl: '',
    publicKey: '',
    fetch: fetchMock as unknown as typeof fetch,
    newKey: () => `key-${++keys}`,
    ...overrides,
  });
  const posts = () => calls.filter((call) => call.init?.method === 'POST');
  return { client, calls, posts };
}

describe('idea API client', () => {
  it('sends where the visit began with the idea, and nothing of it before (decision 134)', async () => {
    sessionStorage.setItem(
      SOURCE_STORAGE_KEY,
      JSON.stringify({ params: 'utm_source=instagram', referrer: 'l.instagram.com' }),
    );
    try {
      const { client, calls, posts } = setup([json(202, receipt)]);
      await client.prepare();
      expect(calls.map((call) => call.init?.body ?? null)).toEqual([null]);
      await client.submit(values, '');
      expect(JSON.parse(String(posts()[0]!.init!.body))).toMatchObject({
        sourceParams: 'utm_source=instagram',
        sourceReferrer: 'l.instagram.com',
      });
    } finally {
      sessionStorage.clear();
    }
  });

  it('waits out the minimum fill time the token came with before it posts, so a quick person is not flagged', async () => {
    let clock = 1_000;
    const waits: number[] = [];
    const order: string[] = [];
    const fetchMock = vi.fn(async (input: string | URL | Request) => {
      const url = String(input);
      order.push(url.endsWith('idea-form-token') ? 'token' : 'post');
      return url.endsWith('idea-form-token') ? json(200, { token: 'tok-1', minFillMs: 3000 }) : json(202, receipt);
    });
    const client = createIdeaClient({
      baseUrl: '',
      publicKey: '',
      fetch: fetchMock as unknown as typeof fetch,
      newKey: () => 'key-1',
      now: () => clock,
      wait: async (ms) => {
        waits.push(ms);
        order.push('wait');
        clock += ms;
      },
    });
    await client.prepare(); // the form hydrated at t = 1.0 s: the server counts from here
    clock += 1_200; // typed before the code arrived, pressed send 1.2 s after hydration
    await expect(client.submit(values, '')).resolves.toEqual({ kind: 'accepted', receipt });
    expect(waits).toEqual([1_800]);
    expect(order).toEqual(['token', 'wait', 'post']);

    // The next form start: filled slowly, sent without waiting.
    await client.prepare();
    clock += 10_000;
    await client.submit(values, '');
    expect(waits).toEqual([1_800]);
  });

  it('POSTs the contract body with JSON and Idempotency-Key headers, no key headers when none is configured', async () => {
    const { client, posts } = setup([json(202, receipt)]);
    await expect(client.submit(values, '')).resolves.toEqual({ kind: 'accepted', receipt });
    const [post] = posts();
    expect(post!.url).toBe('/functions/v1/send-idea-email');
    expect(JSON.parse(String(post!.init!.body))).toEqual({
      ...values,
      website: '',
      formToken: 'tok-1',
      consentVersion: PRIVACY_VERSION,
    });
    expect(post!.init!.headers).toEqual({ 'Content-Type': 'application/json', 'Idempotency-Key': 'key-1' });
  });

  it('sends apikey and Authorization: Bearer to the configured base URL when a public key is set', async () => {
    const { client, calls, posts } = setup([json(202, receipt)], {
      baseUrl: 'https://abc.supabase.co',
      publicKey: 'anon-key',
    });
    await client.submit(values, '');
    expect(calls[0]!.url).toBe('https://abc.supabase.co/functions/v1/idea-form-token');
    expect(posts()[0]!.url).toBe('https://abc.supabase.co/functions/v1/send-idea-email');
    expect(posts()[0]!.init!.headers).toMatchObject({ apikey: 'anon-key', Authorization: 'Bearer anon-key' });
  });

  it('sends the honeypot value as `website`', async () => {
    const { client, posts } = setup([json(202, receipt)]);
    await client.submit(values, 'http://spam.example');
    expect(JSON.parse(String(posts()[0]!.init!.body)).website).toBe('http://spam.example');
  });

  it('sends without a token when the token request fails', async () => {
    const fetchMock = vi.fn(async (input: string | URL | Request, _init?: RequestInit) =>
      String(input).endsWith('idea-form-token') ? json(500, {}) : json(202, receipt),
    );
    const client = createIdeaClient({
      baseUrl: '',
      publicKey: '',
      fetch: fetchMock as unknown as typeof fetch,
      newKey: () => 'k',
    });
    await expect(client.submit(values, '')).resolves.toMatchObject({ kind: 'accepted' });
    const body = JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body));
    expect(body.formToken).toBeUndefined();
  });

  it('asks for the token again at the press when it could not be fetched as the form started', async () => {
    let tokenCalls = 0;
    const fetchMock = vi.fn(async (input: string | URL | Request, _init?: RequestInit) => {
      if (!String(input).endsWith('idea-form-token')) return json(202, receipt);
      tokenCalls += 1;
      return tokenCalls === 1 ? json(503, {}) : json(200, { token: 'tok-2', minFillMs: 0 });
    });
    const client = createIdeaClient({
      baseUrl: '',
      publicKey: '',
      fetch: fetchMock as unknown as typeof fetch,
      newKey: () => 'k',
    });
    expect(await client.prepare()).toBeUndefined(); // the form's start: the server was restarting
    await expect(client.submit(values, '')).resolves.toMatchObject({ kind: 'accepted' });
    expect(tokenCalls).toBe(2);
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body)).formToken).toBe('tok-2');
  });

  it('fetches the form token once per form start', async () => {
    const { client, calls } = setup([json(202, receipt)]);
    await client.prepare();
    await client.prepare();
    await client.submit(values, '');
    expect(calls.filter((call) => call.url.endsWith('idea-form-token'))).toHaveLength(1);
  });

  it('reuses the Idempotency-Key when retrying a failed attempt with unchanged values, not otherwise', async () => {
    const { client, posts } = setup([
      json(500, { error: { code: 'internal_error', message: '오류' } }),
      new TypeError('offline'),
      json(202, receipt),
      json(202, receipt),
    ]);
    expect((await client.submit(values, '')).kind).toBe('failed');
    expect((await client.submit(values, '')).kind).toBe('failed');
    expect((await client.submit(values, '')).kind).toBe('accepted');
    expect((await client.submit(values, '')).kind).toBe('accepted');
    const keys = posts().map((post) => (post.init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
  });

  it('uses a new key when the values changed after a failure', async () => {
    const { client, posts } = setup([json(503, {}), json(202, receipt)]);
    await client.submit(values, '');
    await client.submit({ ...values, name: '김민지 대표' }, '');
    const keys = posts().map((post) => (post.init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toEqual(['key-1', 'key-2']);
  });

  it("returns the server's Korean message and the wait from Retry-After on 429", async () => {
    const message = '신청이 너무 많습니다. 잠시 후 다시 시도해주세요.';
    const { client } = setup([
      json(429, { error: { code: 'rate_limited', message } }, { 'Retry-After': '600' }),
      json(429, { error: { code: 'rate_limited', message } }),
    ]);
    await expect(client.submit(values, '')).resolves.toEqual({ kind: 'rate-limited', message, retryAfterSeconds: 600 });
    await expect(client.submit(values, '')).resolves.toEqual({
      kind: 'rate-limited',
      message,
      retryAfterSeconds: undefined,
    });
  });

  it('returns the fields the server refused, each with its Korean message, on 400 validation_failed', async () => {
    const fields = { email: '올바른 이메일 주소를 입력해주세요.' };
    const { client } = setup([
      json(400, { error: { code: 'validation_failed', message: '입력한 내용을 다시 확인해주세요.', fields } }),
    ]);
    await expect(client.submit({ ...values, email: 'hong@naver' }, '')).resolves.toEqual({ kind: 'invalid', fields });
  });

  it("tells memo refusals apart, a proxy's bare 413 included, from a text that is too long", async () => {
    const memo = {
      blob: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: 'audio/webm' }),
      mimeType: 'audio/webm',
      durationMs: 1000,
    };
    const nginxPage = () =>
      new Response('<html><center><h1>413 Request Entity Too Large</h1></center></html>', {
        status: 413,
        headers: { 'Content-Type': 'text/html' },
      });
    const { client } = setup([
      nginxPage(),
      json(413, { error: { code: 'memo_too_large', message: '음성 메모가 너무 큽니다.' } }),
      json(415, { error: { code: 'unsupported_audio', message: '오디오가 아닙니다.' } }),
      json(400, { error: { code: 'memo_incomplete', message: '끝까지 오지 않았습니다.' } }),
      nginxPage(),
      json(413, { error: { code: 'payload_too_large', message: '너무 깁니다.' } }),
    ]);
    await expect(client.submit(values, '', memo)).resolves.toMatchObject({
      kind: 'memo-refused',
      reason: 'too-large',
      message: undefined,
    });
    await expect(client.submit(values, '', memo)).resolves.toMatchObject({ kind: 'memo-refused', reason: 'too-large' });
    await expect(client.submit(values, '', memo)).resolves.toMatchObject({
      kind: 'memo-refused',
      reason: 'unsupported',
    });
    await expect(client.submit(values, '', memo)).resolves.toMatchObject({
      kind: 'memo-refused',
      reason: 'incomplete',
    });
    await expect(client.submit(values, '')).resolves.toEqual({ kind: 'too-large', message: undefined });
    await expect(client.submit(values, '')).resolves.toEqual({ kind: 'too-large', message: '너무 깁니다.' });
  });

  it("returns any other 4xx as a refusal with the server's message: sending the same again would not help", async () => {
    const { client } = setup([
      json(403, { error: { code: 'forbidden_origin', message: '허용되지 않은 출처' } }),
      json(409, { error: { code: 'idempotency_conflict', message: '새로고침' } }),
      new Response('Forbidden', { status: 403 }),
    ]);
    await expect(client.submit(values, '')).resolves.toEqual({ kind: 'refused', message: '허용되지 않은 출처' });
    await expect(client.submit(values, '')).resolves.toEqual({ kind: 'refused', message: '새로고침' });
    await expect(client.submit(values, '')).resolves.toEqual({ kind: 'refused', message: undefined });
  });

  it('treats no answer, a 5xx or a 202 without a receipt as a failure (trying again can work)', async () => {
    const { client } = setup([
      new TypeError('offline'),
      json(503, { error: { code: 'unavailable', message: '지금은' } }),
      json(202, {}),
      new Response('<html>', { status: 502 }),
    ]);
    for (let i = 0; i < 4; i += 1) expect((await client.submit(values, '')).kind).toBe('failed');
  });

  it('fetches a fresh form token after each accepted idea (tokens are single-use), and keeps it after a failure', async () => {
    let tokens = 0;
    const replies = [json(503, {}), json(202, receipt), json(202, receipt)];
    const fetchMock = vi.fn(async (input: string | URL | Request, _init?: RequestInit) =>
      String(input).endsWith('idea-form-token') ? json(200, { token: `tok-${++tokens}` }) : replies.shift()!,
    );
    const client = createIdeaClient({
      baseUrl: '',
      publicKey: '',
      fetch: fetchMock as unknown as typeof fetch,
      newKey: () => 'k',
    });
    const sentTokens = () =>
      fetchMock.mock.calls
        .filter((call) => call[1]?.method === 'POST')
        .map((call) => JSON.parse(String(call[1]!.body)).formToken);
    await client.prepare();
    await client.submit(values, ''); // fails: the same form start, the same token for the retry
    await client.submit(values, ''); // accepted
    await client.prepare(); // the form's next start
    await client.submit({ ...values, idea: '두 번째 아이디어' }, '');
    expect(sentTokens()).toEqual(['tok-1', 'tok-1', 'tok-2']);
    expect(tokens).toBe(2);
  });
});
