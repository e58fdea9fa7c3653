import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TurnSocket } from '../../src/db/pg-socket.js';

/** What a PostgreSQL connection's socket hands the server (db/pg-socket.ts). */
let server: net.Server | null = null;
let socket: net.Socket | null = null;
afterEach(async () => {
  socket?.destroy();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
});

/** A server that keeps each piece of data it receives; the socket connected to it. */
async function connected(to: net.Socket) {
  socket = to;
  const received: string[] = [];
  server = net.createServer((c) => c.on('data', (d) => received.push(d.toString())));
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const { port } = server.address() as net.AddressInfo;
  to.setNoDelay(true);
  await new Promise<void>((done) => to.connect(port, '127.0.0.1', done));
  return received;
}

const settled = () => new Promise((r) => setTimeout(r, 100));

/** A statement as `pg` writes it: its messages corked, then uncorked. */
const send = (to: net.Socket, text: string) => {
  to.cork();
  to.write(text);
  to.uncork();
};

describe('a PostgreSQL connection socket', () => {
  it('sends what one turn writes as one write', async () => {
    const turns = new TurnSocket();
    const received = await connected(turns);
    const writes: (number | 'one')[] = [];
    const writev = turns._writev!.bind(turns);
    const write = turns._write.bind(turns);
    turns._writev = (chunks, callback) => {
      writes.push(chunks.length);
      writev(chunks, callback);
    };
    turns._write = (chunk, encoding, callback) => {
      writes.push('one');
      write(chunk, encoding, callback);
    };
    send(turns, 'SELECT 1;');
    send(turns, 'SELECT 2;');
    await Promise.resolve(); // later in the same turn
    send(turns, 'COMMIT;');
    await settled();
    // The next turn's statement is a write of its own.
    send(turns, 'SELECT 3;');
    await settled();
    expect(writes).toEqual([3, 'one']);
    expect(received.join('')).toBe('SELECT 1;SELECT 2;COMMIT;SELECT 3;');
  });
});
