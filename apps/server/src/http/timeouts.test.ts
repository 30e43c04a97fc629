import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/env';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';

/**
 * Opens a raw connection, writes `start`, then one byte of `trickle` every 200 ms (so the socket is
 * never idle), and answers how long until the server closed it and what it said.
 */
function slowClient(port: number, start: string, trickle = ''): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    let sent = 0;
    const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
    const timer = trickle
      ? setInterval(() => {
          if (sent < trickle.length && !socket.destroyed) socket.write(trickle[sent++] as string);
        }, 200)
      : undefined;
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the slow connection open for 20 s'));
    }, 20_000);
  });
}

describe('slow clients cannot hold connections open', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      worker: false,
      env: { HTTP_HEADERS_TIMEOUT: '1s', HTTP_REQUEST_TIMEOUT: '2s', HTTP_IDLE_TIMEOUT: '1500ms' },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  const loginHeaders = (length: number) =>
    `POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('drops a sign-in whose headers never finish, however steadily they trickle', async () => {
    const { closedAfterMs, answer } = await slowClient(port, 'POST /auth/login HTTP/1.1\r\n', 'X-Slow: '.padEnd(200, 'a'));
    expect(closedAfterMs).toBeLessThan(4_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('drops a sign-in whose body trickles in slower than the request deadline allows', async () => {
    const body = JSON.stringify({ email: 'ada@example.com', password: 'x'.repeat(200) });
    const { closedAfterMs } = await slowClient(port, loginHeaders(body.length), body);
    expect(closedAfterMs).toBeGreaterThanOrEqual(1_800);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('drops a connection that sends headers and then nothing', async () => {
    const { closedAfterMs } = await slowClient(port, loginHeaders(100));
    expect(closedAfterMs).toBeLessThan(4_000);
  });

  it('still answers a request sent at a normal pace', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBeLessThan(500);
  });

  it('refuses a header deadline longer than the request deadline, naming the variable', () => {
    expect(() => parseConfig({ HTTP_HEADERS_TIMEOUT: '3m', HTTP_REQUEST_TIMEOUT: '2m' })).toThrow(/HTTP_HEADERS_TIMEOUT/);
  });
});
