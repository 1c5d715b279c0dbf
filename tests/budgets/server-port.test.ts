import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree, startServer } from './support/server';

describe('the benchmark and budget server refuses a port that is already taken', () => {
  let occupant: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (occupant ? occupant.close(resolve) : resolve(undefined)));
    occupant = undefined;
  });

  const occupy = () =>
    new Promise<number>((resolve) => {
      occupant = createServer().listen(0, '127.0.0.1', () => resolve((occupant!.address() as { port: number }).port));
    });

  it('fails before starting a server whose health check another process would answer', async () => {
    const port = await occupy();
    await expect(assertPortFree(port)).rejects.toThrow(`port ${port} is already in use`);
    await expect(startServer(port, { timeoutMs: 1_000 })).rejects.toThrow('already in use');
  });

  it('passes on a free port and leaves it free', async () => {
    const port = await occupy();
    await new Promise((resolve) => occupant!.close(resolve));
    occupant = undefined;
    await expect(assertPortFree(port)).resolves.toBeUndefined();
    await expect(assertPortFree(port)).resolves.toBeUndefined();
  });
});
