import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A host that never answers: it takes each connection and the request on it, and says nothing,
 * as a deliberately slow endpoint does. `connections` counts the calls that reached it; `close`
 * drops the connections held open (their calls then fail at once) and stops listening.
 */
export interface Tarpit {
  url: string;
  /** Host and port, as a webhook's URL names it. */
  host: string;
  connections: number;
  close(): Promise<void>;
}

export async function startTarpit(path = '/hooks'): Promise<Tarpit> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    tarpit.connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    // Read and drop what arrives; never write.
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const tarpit: Tarpit = {
    url: `http://127.0.0.1:${port}${path}`,
    host: `127.0.0.1:${port}`,
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return tarpit;
}
