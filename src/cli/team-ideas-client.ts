/**
 * How the CLI reaches the ideas: straight to PostgreSQL when DATABASE_URL is set; on PGlite through the running
 * server's loopback admin API (DATA_DIR/admin.json) or, when no server holds the data dir, by opening the files
 * itself under the same lock the server takes (so the two never open it at once). The database code
 * (team-ideas-direct.ts: PGlite, drizzle, pg) is loaded only on the paths that open the database, so a command
 * answered by the running server starts without it.
 */
import type { AdminEndpoint } from '../server/admin/admin-endpoint';
import type { Config } from '../server/config';
import type { Erased } from '../server/ideas/erase-ideas';
import type { ReleaseResult, RetryResult, TeamIdea } from '../server/ideas/team-ideas';
import { CliError, connectCli } from './cli-connection';

export interface TeamIdeasClient {
  /** Where the data came from, for the CLI's first line. */
  via: string;
  /** True when a running server's mail worker will pick up retried mail right away. */
  workerRunning: boolean;
  list(limit: number, spam: boolean): Promise<TeamIdea[]>;
  all(): Promise<TeamIdea[]>;
  find(id: string): Promise<TeamIdea | undefined>;
  voiceMemo(id: string): Promise<Buffer | undefined>;
  retry(id: string, force: boolean): Promise<RetryResult>;
  release(id: string): Promise<ReleaseResult>;
  closeConsultation(id: string): Promise<TeamIdea | undefined>;
  erase(id: string): Promise<Erased | undefined>;
  disconnect(): Promise<void>;
}

function adminClient(endpoint: AdminEndpoint): TeamIdeasClient {
  const base = `http://127.0.0.1:${endpoint.port}`;
  async function call<T>(
    path: string,
    init: RequestInit = {},
    allowed: number[] = [],
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(base + path, { ...init, headers: { authorization: `Bearer ${endpoint.token}` } });
    if (!response.ok && !allowed.includes(response.status))
      throw new CliError(`admin API answered ${response.status} for ${path}`);
    return { status: response.status, body: (await response.json()) as T };
  }
  return {
    via: `running server (pid ${endpoint.pid}, admin API on 127.0.0.1:${endpoint.port})`,
    workerRunning: true,
    list: async (limit, spam) => (await call<TeamIdea[]>(`/ideas?limit=${limit}${spam ? '&spam=1' : ''}`)).body,
    all: async () => (await call<TeamIdea[]>('/ideas/export')).body,
    async find(id) {
      const { status, body } = await call<TeamIdea>(`/ideas/${encodeURIComponent(id)}`, {}, [404]);
      return status === 404 ? undefined : body;
    },
    retry: async (id, force) =>
      (
        await call<RetryResult>(
          `/ideas/${encodeURIComponent(id)}/retry${force ? '?force=1' : ''}`,
          { method: 'POST' },
          [404, 409],
        )
      ).body,
    async voiceMemo(id) {
      const response = await fetch(`${base}/ideas/${encodeURIComponent(id)}/memo`, {
        headers: { authorization: `Bearer ${endpoint.token}` },
      });
      if (response.status === 404) return undefined;
      if (!response.ok) throw new CliError(`admin API answered ${response.status} for the memo`);
      return Buffer.from(await response.arrayBuffer());
    },
    release: async (id) =>
      (await call<ReleaseResult>(`/ideas/${encodeURIComponent(id)}/release`, { method: 'POST' }, [404, 409])).body,
    async closeConsultation(id) {
      const { status, body } = await call<TeamIdea>(
        `/ideas/${encodeURIComponent(id)}/close`,
        { method: 'POST' },
        [404],
      );
      return status === 404 ? undefined : body;
    },
    async erase(id) {
      const { status, body } = await call<Erased>(`/ideas/${encodeURIComponent(id)}`, { method: 'DELETE' }, [404]);
      return status === 404 ? undefined : body;
    },
    disconnect: async () => {},
  };
}

export async function connectTeamIdeas(config: Config): Promise<TeamIdeasClient> {
  return connectCli(config, adminClient, async () => {
    const { directClient } = await import('./team-ideas-direct');
    return directClient(config);
  });
}
