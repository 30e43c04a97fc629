// The media-upload benchmark's baseline: the same HTTP stack as the app (Fastify and
// @fastify/multipart) doing nothing but piping the one file part of a request to a file on disk.
// Prints the address it listens at; BENCH_BASELINE_DIR is where the files go.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';

const directory = process.env.BENCH_BASELINE_DIR ?? '.';
const app = Fastify();
await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024 * 1024, files: 1 } });
app.post('/upload', async (request, reply) => {
  const part = await request.file();
  if (!part) return reply.code(400).send({ error: 'no file part' });
  const file = path.join(directory, `${randomUUID()}.bin`);
  await pipeline(part.file, createWriteStream(file));
  return reply.code(201).send({ file });
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`baseline listening at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
