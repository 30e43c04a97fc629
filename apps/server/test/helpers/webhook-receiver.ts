import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver took: its headers and body as they arrived. */
export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

/** How the receiver answers one request: a status, a status with its own body and headers, or never (a hanging receiver). */
export type ReceiverAnswer = number | { status: number; body: string; headers?: Record<string, string> } | 'hang';

/**
 * A webhook receiver on 127.0.0.1 (tests run with WEBHOOK_ALLOW_PRIVATE on): it records every
 * request and answers each with the next of `answers`, then 200 for the rest.
 */
export async function startWebhookReceiver(answers: ReceiverAnswer[] = []): Promise<{
  url: string;
  received: ReceivedWebhook[];
  answer(next: ReceiverAnswer[]): void;
  close(): Promise<void>;
}> {
  const received: ReceivedWebhook[] = [];
  let queue = [...answers];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const next = queue.shift() ?? 200;
      if (next === 'hang') {
        hanging.add(response);
        return;
      }
      const { status, body, headers } =
        typeof next === 'number' ? { status: next, body: next < 300 ? 'ok' : `refused with ${next}` } : next;
      response.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(next) {
      queue = [...next];
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
