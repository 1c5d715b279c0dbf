import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import {
  intakeContentTypeGuard,
  intakeOriginGuard,
  isFormPost,
  isJsonContentType,
  scriptRequestsOnly,
} from './content-type';

type Guard = (request: unknown, reply?: unknown) => Promise<void>;
const request = (headers: Record<string, string>, extra: Record<string, unknown> = {}) => ({ headers, ...extra });

describe('intake content types', () => {
  it('tells JSON from the browser form post, parameters and case aside', () => {
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    expect(isFormPost(request({ 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }))).toBe(true);
    for (const type of [
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'application/x-www-form-urlencodedx',
    ]) {
      expect(isJsonContentType(type) || isFormPost(request({ 'content-type': type })), type).toBe(false);
    }
  });

  it('refuses anything but JSON and the form post with 415, before the body is read', async () => {
    const run = (type?: string) =>
      (intakeContentTypeGuard as unknown as Guard)(request(type ? { 'content-type': type } : {}));
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

  it('takes a submission of any content type only from this site (or an allowed origin) when the browser names the page', async () => {
    const guard = intakeOriginGuard(['https://www.mvp24.example']) as unknown as Guard;
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json']) {
      const post = (origin?: string) =>
        request({ 'content-type': type, ...(origin ? { origin } : {}) }, { protocol: 'https', host: 'mvp24.example' });
      await expect(guard(post('https://mvp24.example')), type).resolves.toBeUndefined();
      await expect(guard(post('http://mvp24.example')), type).resolves.toBeUndefined(); // TLS ended at a proxy the app does not trust
      await expect(guard(post('https://mvp24.example:443')), type).resolves.toBeUndefined();
      await expect(guard(post('https://mvp24.example.evil.example')), type).rejects.toMatchObject({ statusCode: 403 });
      await expect(guard(post('https://www.mvp24.example')), type).resolves.toBeUndefined();
      await expect(guard(post()), type).resolves.toBeUndefined(); // curl, a server-side script, an old browser's form
      await expect(guard(post('https://evil.example')), type).rejects.toMatchObject({
        statusCode: 403,
        code: 'forbidden_origin',
      });
      await expect(guard(post('null')), type).rejects.toMatchObject({ statusCode: 403 });
    }
  });
});
