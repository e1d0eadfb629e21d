import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP relay in front of a server (PostgreSQL in the tests) that a test can cut and restore:
 * `down()` drops every open connection and refuses new ones as a stopped server does, `up()`
 * relays again. Other tests sharing the real server are not disturbed.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let isUp = true;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    // A reset connection reports ECONNRESET on both ends; the relay expects that.
    client.on('error', () => client.destroy());
    if (!isUp) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    down() {
      isUp = false;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    up() {
      isUp = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
