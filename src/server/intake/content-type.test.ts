import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { formOriginGuard, intakeContentTypeGuard, isFormPost, isJsonContentType, scriptRequestsOnly } from './content-type';

type Guard = (request: unknown, reply?: unknown) => Promise<void>;
const request = (headers: Record<string, string>, extra: Record<string, unknown> = {}) => ({ headers, ...extra });

describe('intake content types', () => {
  it('tells JSON from the browser form post, parameters and case aside', () => {
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    expect(isFormPost(request({ 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }))).toBe(true);
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/jsonx', 'application/x-www-form-urlencodedx']) {
      expect(isJsonContentType(type) || isFormPost(request({ 'content-type': type })), type).toBe(false);
    }
  });

  it('refuses anything but JSON and the form post with 415, before the body is read', async () => {
    const run = (type?: string) => (intakeContentTypeGuard as unknown as Guard)(request(type ? { 'content-type': type } : {}));
    await expect(run('text/plain')).rejects.toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
    await expect(run()).rejects.toBeInstanceOf(ApiError);
    await expect(run('application/json')).resolves.toBeUndefined();
    await expect(run('application/x-www-form-urlencoded')).resolves.toBeUndefined();
  });

  it('runs a script-only guard for JSON and skips it for the form post', async () => {
    const guard = scriptRequestsOnly(async () => {
      throw new ApiError(401, 'unauthorized');
    }) as unknown as Guard;
    await expect(guard(request({ 'content-type': 'application/json' }))).rejects.toMatchObject({ statusCode: 401 });
    await expect(guard(request({ 'content-type': 'application/x-www-form-urlencoded' }))).resolves.toBeUndefined();
  });

  it('takes a form post only from this site (or an allowed origin) when the browser names the page', async () => {
    const guard = formOriginGuard(['https://www.mvp24.example']) as unknown as Guard;
    const form = (origin?: string) =>
      request({ 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) }, { protocol: 'https', host: 'mvp24.example' });
    await expect(guard(form('https://mvp24.example'))).resolves.toBeUndefined();
    await expect(guard(form('http://mvp24.example'))).resolves.toBeUndefined(); // TLS ended at a proxy the app does not trust
    await expect(guard(form('https://mvp24.example.evil.example'))).rejects.toMatchObject({ statusCode: 403 });
    await expect(guard(form('https://www.mvp24.example'))).resolves.toBeUndefined();
    await expect(guard(form())).resolves.toBeUndefined(); // an old browser that names no origin
    await expect(guard(form('https://evil.example'))).rejects.toMatchObject({ statusCode: 403, code: 'forbidden_origin' });
    await expect(guard(form('null'))).rejects.toMatchObject({ statusCode: 403 });
    // JSON is CORS's business.
    await expect(guard(request({ 'content-type': 'application/json', origin: 'https://evil.example' }))).resolves.toBeUndefined();
  });
});
