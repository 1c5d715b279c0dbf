/**
 * A TCP proxy between the app and a real server (Dovecot's IMAP), for the ways a server's network fails: `freeze()`
 * keeps every connection open and passes nothing more either way (a server that hangs mid-answer, a link gone
 * quiet) until `thaw()`. `connections` counts the connections it took.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** How many connections the proxy accepted. */
  readonly connections: number;
  /** Passes nothing more on any open or new connection, and closes none of them. */
  freeze(): void;
  /** Passes everything again (held bytes included). */
  thaw(): void;
  stop(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  let connections = 0;
  const sockets = new Set<net.Socket>();
  /** Bytes read while frozen, each with where it goes, passed on by `thaw`. */
  let held: { to: net.Socket; chunk: Buffer }[] = [];
  const pass = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (!frozen) return void to.write(chunk);
      held.push({ to, chunk });
      from.pause();
    });
  const server = net.createServer((client) => {
    connections += 1;
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    pass(client, upstream);
    pass(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return connections;
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const { to, chunk } of held) to.write(chunk);
      held = [];
      for (const socket of sockets) socket.resume();
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
