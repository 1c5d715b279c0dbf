/** Helpers to submit ideas to an app with inject, the way the page does. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { IDEA_ENDPOINT } from '../../src/domain/idea';
import { FORM_POST_TYPE } from '../../src/server/intake/content-type';
import { createFormToken } from '../../src/server/intake/form-token';

export const TEST_FORM_SECRET = 'test-form-secret-0123456789-abcdefghijklmnop';

/** A form token issued `ageMs` ago (default: 10 s, well past the minimum fill time). */
export function formToken(ageMs = 10_000, secret = TEST_FORM_SECRET): string {
  return createFormToken(secret, Date.now() - ageMs);
}

export function ideaBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    idea: '반려동물 산책 기록을 공유하는 앱을 만들고 싶어요. 동네 친구를 찾는 기능도 있으면 좋겠습니다.',
    name: '김민지',
    email: 'minji@example.com',
    phone: '010-1234-5678',
    website: '',
    formToken: formToken(),
    ...overrides,
  };
}

export function submitIdea(
  app: FastifyInstance,
  body: unknown = ideaBody(),
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: IDEA_ENDPOINT,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress,
  });
}

/**
 * The browser's own form post (no JavaScript): urlencoded fields, asking for HTML, from a page of this site (the
 * inject's host is localhost:80).
 */
export function formPost(
  app: FastifyInstance,
  body: Record<string, string>,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: IDEA_ENDPOINT,
    headers: { 'content-type': FORM_POST_TYPE, accept: 'text/html', origin: 'http://localhost:80', ...headers },
    payload: new URLSearchParams(body).toString(),
    remoteAddress,
  });
}
