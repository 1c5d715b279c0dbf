/**
 * Where the running server's loopback admin API is published (DATA_DIR/admin.json, mode 0600): its pid, port and
 * bearer token. Kept apart from admin-api.ts so that the team CLI can find the server without loading Fastify.
 */
import path from 'node:path';

export interface AdminEndpoint {
  pid: number;
  port: number;
  token: string;
}

export const adminFile = (dataDir: string) => path.join(dataDir, 'admin.json');
