import { once } from 'node:events';
import { createRequire } from 'node:module';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Document } from 'mongodb';

// The fix in patches/mongodb@6.16.0.patch (patches/README.md), tested on the one driver class it changes. That
// class is internal: no typings, so its two members used here are declared below. On a driver upgrade, this test
// says whether the upgrade still needs the patch.

interface DriverConnection {
  /** Set by the connection's own clean-up, which runs on the socket's 'close' event. */
  readonly closed: boolean;
  command(ns: { db: string; collection: string }, command: Document, options: object): Promise<Document>;
}
type DriverConnectionClass = new (socket: net.Socket, options: { id: number; generation: number }) => DriverConnection;

const driverRequire = createRequire(require.resolve('mongodb'));
const { Connection } = driverRequire('./cmap/connection') as { Connection: DriverConnectionClass };

/** How long to wait before calling a command hung: the patched driver fails it at once. */
const HUNG_AFTER_MS = 2000;

let server: net.Server;
beforeAll(async () => {
  // A peer that closes each connection as soon as it opens: mongod killed, say.
  server = net.createServer((socket) => socket.end());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it('a command on a connection whose socket the peer has closed, before its close event, fails at once instead of hanging', async () => {
  const socket = net.createConnection({ port: (server.address() as net.AddressInfo).port, host: '127.0.0.1' });
  await once(socket, 'connect');
  const connection = new Connection(socket, { id: 1, generation: 0 });
  await once(socket, 'end');
  // Node destroys the socket once both sides have ended, and tells 'close' later: the window the monitor's heartbeat
  // once fell into after a kill -9 of mongod (docs/operations.md), leaving the server Unknown for good.
  while (!socket.destroyed) await new Promise((resolve) => setImmediate(resolve));
  expect(connection.closed).toBe(false);

  const outcome = await Promise.race([
    connection.command({ db: 'admin', collection: '$cmd' }, { ping: 1 }, {}).then(
      () => 'answered',
      (error: unknown) => error,
    ),
    sleep(HUNG_AFTER_MS, undefined, { ref: false }).then(() => `still waiting after ${HUNG_AFTER_MS} ms`),
  ]);

  // A string says what happened instead (answered, or still waiting). Not by instanceof: loaded outside Jest's
  // module registry, the driver's error classes are not the ones `mongodb` imports here.
  const { name, message } = typeof outcome === 'string' ? { name: outcome, message: '' } : (outcome as Error);
  expect(name).toBe('MongoNetworkError');
  expect(message).toMatch(/^connection 1 to 127\.0\.0\.1:\d+ closed$/);
  expect(connection.closed).toBe(true);
});
