import net from 'node:net';

/**
 * A TCP proxy in front of the shared PostgreSQL or Redis, so a test can make them "restart" for its own
 * server only: `down()` refuses new connections (as a server that is restarting does) while the test ends
 * the server's existing sessions itself (pg_terminate_backend, CLIENT KILL); `up()` lets connections in
 * again. The shared services are never touched.
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  url(url: string): string;
  down(): void;
  up(): void;
  /** Connections refused while down. */
  refused: number;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || (target.protocol.startsWith('redis') ? 6379 : 5432));
  const sockets = new Set<net.Socket>();
  let isDown = false;
  const server = net.createServer((client) => {
    if (isDown) {
      proxy.refused += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const proxy: TcpProxy = {
    port,
    refused: 0,
    url(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    down() {
      isDown = true;
    },
    up() {
      isDown = false;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
