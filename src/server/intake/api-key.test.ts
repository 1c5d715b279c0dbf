import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiError, sendApiError } from '../http/api-error';
import { apiKeyGuard, presentedApiKeys } from './api-key';

async function appWith(expected: string | undefined) {
  const app = Fastify();
  app.setErrorHandler((error, _request, reply) =>
    error instanceof ApiError ? sendApiError(reply, error) : reply.code(500).send(),
  );
  app.get('/', { onRequest: apiKeyGuard(expected) }, async () => 'ok');
  return app;
}

describe('apiKeyGuard', () => {
  it('lets every request through when no key is configured', async () => {
    const app = await appWith(undefined);
    expect((await app.inject('/')).statusCode).toBe(200);
  });

  it('accepts the key from the apikey header or a Bearer token and refuses anything else with 401', async () => {
    const app = await appWith('pk_live_123');
    const status = async (headers: Record<string, string>) => (await app.inject({ url: '/', headers })).statusCode;
    expect(await status({ apikey: 'pk_live_123' })).toBe(200);
    expect(await status({ authorization: 'Bearer pk_live_123' })).toBe(200);
    expect(await status({ apikey: 'wrong', authorization: 'Bearer pk_live_123' })).toBe(200);
    expect(await status({ apikey: 'pk_live_1234' })).toBe(401);
    expect(await status({ authorization: 'Basic pk_live_123' })).toBe(401);
    expect(await status({})).toBe(401);
    const refused = await app.inject({ url: '/', headers: { apikey: 'x' } });
    expect(refused.json()).toEqual({ error: { code: 'unauthorized', message: expect.stringMatching(/[가-힣]/) } });
  });

  it('reads both places', () => {
    expect(presentedApiKeys({ headers: { apikey: 'a', authorization: 'bearer b' } })).toEqual(['a', 'b']);
  });
});
