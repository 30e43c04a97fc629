import net from 'node:net';

export interface DatabaseProxy {
  /** `url` with its host and port replaced by the proxy's. */
  url: string;
  /** Like a database going away: open connections are cut and new ones refused. */
  cut(): Promise<void>;
  /** Like the database coming back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of a test database, so a test can take the database away and bring it back
 * (as a restart would) without touching the server other tests use. Starts cut when `startCut`.
 */
export async function startDatabaseProxy(url: string, options: { startCut?: boolean } = {}): Promise<DatabaseProxy> {
  const target = new URL(url);
  const host = decodeURIComponent(target.hostname);
  const targetPort = Number(target.port || 5432);
  // The embedded server listens on a Unix socket in a folder given as the host (decision 008).
  const connectTarget = () =>
    host.startsWith('/') ? net.connect({ path: `${host}/.s.PGSQL.${targetPort}` }) : net.connect(targetPort, host);

  const sockets = new Set<net.Socket>();
  const relay = (client: net.Socket) => {
    const upstream = connectTarget();
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  };

  // Reserve a port, then listen on it only while the database is "up".
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  let server: net.Server | undefined;
  const restore = async () => {
    if (server) return;
    server = net.createServer(relay);
    await new Promise<void>((resolve, reject) => (server as net.Server).once('error', reject).listen(port, '127.0.0.1', resolve));
  };
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  if (!options.startCut) await restore();

  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  proxied.searchParams.delete('host');
  return { url: proxied.toString(), cut, restore, close: cut };
}
