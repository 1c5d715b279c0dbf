/**
 * The workspace's web tests against a stubbed /team/api: one fetch stub that records each call (method, URL, parsed
 * JSON body) and answers what the test's `reply` returns (200 JSON by default, 204 empty, any status with a body),
 * and one way to render a screen with a fresh query client (no retries), the member signed in and, when asked, a
 * router at a path. test-setup.ts unstubs fetch after each test.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { MeAnswer } from '../../src/domain/team-auth-api';
import { ME_KEY } from '../../src/web/workspace/api/query-client';

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

/** An answer with a status: `{ status: 400, body: { error } }`; anything else a reply returns is a 200's body. */
export class ApiReply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

export const owner: MeAnswer = {
  id: '99999999-0000-4000-8000-000000000001',
  email: 'owner@mvp24.example',
  role: 'owner',
};

/** Stubs fetch: each call is recorded in the returned list and answered by `reply` (a body, or an ApiReply). */
export function stubTeamApi(reply: (method: string, url: string, body: unknown) => unknown): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const answer = await reply(method, url, body);
      const { status, body: payload } = answer instanceof ApiReply ? answer : new ApiReply(200, answer);
      return status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify(payload ?? {}), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/**
 * Renders `screen` signed in as `me` (an owner by default), at `path` when given (a wouter memory router), with
 * `client` when given (the workspace's own, createWorkspaceQueryClient, to test what its defaults do).
 */
export function renderScreen(screen: ReactNode, options: { me?: MeAnswer; path?: string; client?: QueryClient } = {}) {
  const client = options.client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, options.me ?? owner);
  const routed =
    options.path === undefined ? screen : <Router hook={memoryLocation({ path: options.path }).hook}>{screen}</Router>;
  return { client, ...render(<QueryClientProvider client={client}>{routed}</QueryClientProvider>) };
}
