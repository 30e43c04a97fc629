// Media-upload benchmark (issue 21, point 4): a ~100 MiB MP4 uploaded through the API
// (POST /api/v1/media, streamed to disk and checked from its boxes) and published to the sandbox's
// X (chunked upload read from the stored file a chunk at a time, by a separate worker process).
// Reported: the peak RSS growth of the API process during each upload and of the worker during the
// publish, against the file's size (goal: well under it), and the upload's throughput against a
// baseline measured in the same run: the same HTTP stack (Fastify + @fastify/multipart) piping
// the file part straight to disk. The publish is compared with a plain copy of the file on disk.
import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, createReadStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAccountsRepository } from '../../apps/server/src/modules/accounts/accounts.repository';
import { createSecretBox } from '../../apps/server/src/lib/secret-box';
import { mp4Bytes } from '../../apps/server/test/helpers/media-bytes';
import {
  log,
  machine,
  printResult,
  root,
  round,
  runMain,
  serverMain,
  sleep,
  startApiProcess,
  startProcess,
  tail,
  tsxBin,
  type Child,
} from '../lib/common';
import { startDatabase } from '../lib/database';
import { startSandbox, waitForHeartbeat } from '../lib/fleet';
import { watchPeakMemory, type PeakMemory } from '../lib/peak-memory';

const env = process.env;
const MIB = 1024 * 1024;
const FILE_MIB = Number(env.BENCH_MEDIA_MIB ?? 100);
const RUNS = Number(env.BENCH_MEDIA_RUNS ?? 3);
/** Goal: the process grows by at most this share of the file while handling it. */
const GOAL_GROWTH_SHARE = 0.25;
/** Goal: the app's upload at least this share of the baseline's throughput. */
const GOAL_THROUGHPUT_SHARE = 0.5;
const PASSWORD = 'a long enough password';

interface Sent {
  status: number;
  body: string;
  ms: number;
}

/** POSTs `file` as the one multipart part `media`, streamed from disk, as a browser's FormData would send it. */
function postFile(url: string, file: string, headers: Record<string, string>): Promise<Sent> {
  const boundary = `----postflowbench${randomUUID().replaceAll('-', '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="${path.basename(file)}"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + end.length;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started }));
      },
    );
    request.on('error', reject);
    request.write(head);
    const stream = createReadStream(file);
    stream.on('error', reject);
    stream.on('end', () => request.end(end));
    stream.pipe(request, { end: false });
  });
}

const mibPerSecond = (bytes: number, ms: number) => round(bytes / MIB / (ms / 1000), 1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((value) => round(value, 2));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-media-'));
  const database = await startDatabase('media-upload');
  const secretKey = randomBytes(32).toString('hex');
  const children: Child[] = [];
  try {
    const sandbox = await startSandbox(workDir);
    children.push(sandbox.child);
    const appEnv = { SANDBOX: 'on', SANDBOX_URL: sandbox.url };
    const launched = await startApiProcess({ databaseUrl: database.connectionString, workDir, secretKey, env: appEnv });
    const api = launched.app;
    children.push(api);
    const base = launched.base;
    // The worker as its own process, sharing the API's DATA_DIR (the stored files) and database.
    const worker = startProcess('worker', process.execPath, ['--enable-source-maps', serverMain], {
      env: {
        ...process.env,
        ...appEnv,
        NODE_ENV: 'production',
        ROLE: 'worker',
        DATABASE_URL: database.connectionString,
        SECRET_KEY: secretKey,
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(workDir, 'data'),
        PUBLIC_URL: 'http://localhost:8080',
      },
      logFile: path.join(workDir, 'worker.log'),
    });
    children.push(worker);
    await waitForHeartbeat(database.db, worker.process.pid as number, 60_000);

    const baselineDir = path.join(workDir, 'baseline');
    mkdirSync(baselineDir);
    const baseline = startProcess('baseline', tsxBin, [path.join(root, 'bench/media-upload/baseline-server.ts')], {
      env: { ...process.env, BENCH_BASELINE_DIR: baselineDir },
      logFile: path.join(workDir, 'baseline.log'),
    });
    children.push(baseline);
    const baselineUrl = `${(await baseline.waitForLine(/listening at (http:\/\/\S+)/, 30_000))[1]}/upload`;

    const registered = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Video maker', email: `${randomUUID().slice(0, 12)}@example.com`, password: PASSWORD }),
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
    const person = (await registered.json()) as { token: string; user: { id: string } };
    const authorization = { authorization: `Bearer ${person.token}` };
    const xTokens = await sandbox.admin<{ access_token: string; user: { id: string; username: string } }>('POST', '/_sandbox/x/tokens', {
      username: 'videomaker',
    });
    const accountId = randomUUID();
    await createAccountsRepository(database.db).insert({
      id: accountId,
      workspaceId: person.user.id,
      network: 'x',
      networkUserId: xTokens.user.id,
      isSandbox: true,
      username: xTokens.user.username,
      displayName: 'Video maker',
      avatarUrl: null,
      tokens: {
        accessTokenEnc: createSecretBox(Buffer.from(secretKey, 'hex')).seal(xTokens.access_token, `social_accounts:${accountId}:access`),
        refreshTokenEnc: null,
        accessExpiresAt: new Date(Date.now() + 86_400_000),
        refreshExpiresAt: null,
        scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
      },
    });

    /** Composes a post with the uploaded `id` for now and waits until the worker has published it. */
    const publish = async (id: string, text: string): Promise<number> => {
      const composedAt = performance.now();
      const composed = await fetch(`${base}/posts`, {
        method: 'POST',
        headers: { ...authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ text, platforms: ['x'], mediaIds: [id] }),
      });
      if (composed.status !== 201) throw new Error(`compose: ${composed.status} ${await composed.text()}`);
      const { postId } = (await composed.json()) as { postId: string };
      const deadline = Date.now() + 300_000;
      for (;;) {
        const { rows } = await database.db.query<{ status: string; failure_reason: string | null }>(
          'SELECT status, failure_reason FROM post_targets WHERE post_id = $1',
          [postId],
        );
        const status = rows[0]?.status ?? '';
        if (status === 'published') return performance.now() - composedAt;
        if ((status !== 'scheduled' && status !== 'publishing') || Date.now() > deadline)
          throw new Error(`publish ended ${status || 'nowhere'}: ${rows[0]?.failure_reason ?? ''}\n${tail(worker.logFile, 20)}`);
        await sleep(100);
      }
    };

    // A real MP4 structure (ftyp, ~100 MiB of media data, then the movie box at the end, as many encoders write it).
    const videoFile = path.join(workDir, 'launch.mp4');
    writeFileSync(videoFile, mp4Bytes({ durationMs: 60_000, mdatBytes: FILE_MIB * MIB - 2048, moovAtEnd: true }));
    const size = statSync(videoFile).size;

    // Warm-up, not measured: the same file uploaded to both and published once, as a running
    // instance has served uploads before (code compiled, V8's young generation grown to its working size).
    log('warm-up: one upload to each and one publish, not measured');
    const coldUpload = watchPeakMemory(api.process.pid as number);
    const warm = await postFile(`${base}/api/v1/media`, videoFile, authorization);
    const coldUploadMemory = coldUpload();
    if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${warm.body.slice(0, 300)}`);
    await postFile(baselineUrl, videoFile, {});
    const coldPublish = watchPeakMemory(worker.process.pid as number);
    await publish((JSON.parse(warm.body) as { id: string }).id, `Warming up ${randomUUID().slice(0, 8)}`);
    const coldPublishMemory = coldPublish();
    log(
      `first upload RSS +${coldUploadMemory.growthMiB} MiB, first publish RSS +${coldPublishMemory.growthMiB} MiB (from ${coldPublishMemory.startMiB} MiB)`,
    );
    log(`video: ${round(size / MIB, 1)} MiB; ${RUNS} uploads each to the baseline and the app, alternating`);

    const runs: { app: Array<Sent & { memory: PeakMemory }>; baseline: Array<Sent & { memory: PeakMemory }> } = { app: [], baseline: [] };
    let mediaId = '';
    for (let run = 0; run < RUNS; run += 1) {
      for (const side of ['baseline', 'app'] as const) {
        await sleep(500);
        const child = side === 'app' ? api : baseline;
        const stop = watchPeakMemory(child.process.pid as number);
        const sent = await postFile(side === 'app' ? `${base}/api/v1/media` : baselineUrl, videoFile, side === 'app' ? authorization : {});
        const memory = stop();
        if (sent.status !== 201) throw new Error(`${side} upload: ${sent.status} ${sent.body.slice(0, 300)}\n${tail(child.logFile, 10)}`);
        if (side === 'app') mediaId = (JSON.parse(sent.body) as { id: string }).id;
        runs[side].push({ ...sent, memory });
        log(
          `${side}: ${round(sent.ms, 0)} ms (${mibPerSecond(size, sent.ms)} MiB/s), RSS +${memory.growthMiB} MiB (peak ${memory.peakMiB} MiB)`,
        );
      }
    }

    // The worker reads the stored video 4 MiB at a time into X's APPENDs.
    await sleep(1_000);
    const stopWorkerWatch = watchPeakMemory(worker.process.pid as number);
    const text = `Our launch video ${randomUUID().slice(0, 8)}`;
    const publishMs = await publish(mediaId, text);
    const workerMemory = stopWorkerWatch();
    const { posts } = await sandbox.admin<{ posts: Array<{ text: string; media: Array<{ kind: string; bytes: number }> }> }>(
      'GET',
      '/_sandbox/x/posts',
    );
    const sentBytes = posts.find((post) => post.text === text)?.media.find((media) => media.kind === 'video')?.bytes;
    if (sentBytes !== size) throw new Error(`the sandbox holds a video of ${sentBytes} bytes, not ${size}`);
    log(`publish: ${round(publishMs, 0)} ms, worker RSS +${workerMemory.growthMiB} MiB (peak ${workerMemory.peakMiB} MiB)`);

    const copyStarted = performance.now();
    copyFileSync(videoFile, path.join(workDir, 'copy.mp4'));
    const copyMs = performance.now() - copyStarted;

    const fileMiB = round(size / MIB, 1);
    const appGrowth = Math.max(...runs.app.map((sent) => sent.memory.growthMiB));
    const baselineGrowth = Math.max(...runs.baseline.map((sent) => sent.memory.growthMiB));
    const appThroughput = mibPerSecond(size, median(runs.app.map((sent) => sent.ms)));
    const baselineThroughput = mibPerSecond(size, median(runs.baseline.map((sent) => sent.ms)));
    const growthLimit = round(fileMiB * GOAL_GROWTH_SHARE, 1);
    const goals = {
      uploadMemory: {
        goal: `API RSS growth during an upload <= ${GOAL_GROWTH_SHARE * 100}% of the file (${growthLimit} MiB)`,
        value: appGrowth,
        met: appGrowth <= growthLimit,
      },
      publishMemory: {
        goal: `worker RSS growth during the publish <= ${GOAL_GROWTH_SHARE * 100}% of the file (${growthLimit} MiB)`,
        value: workerMemory.growthMiB,
        met: workerMemory.growthMiB <= growthLimit,
      },
      uploadThroughput: {
        goal: `upload throughput >= ${GOAL_THROUGHPUT_SHARE}x the baseline's`,
        value: appThroughput,
        baseline: baselineThroughput,
        met: appThroughput >= baselineThroughput * GOAL_THROUGHPUT_SHARE,
      },
    };
    printResult({
      bench: 'media-upload',
      postgres: `${database.version} (${database.kind})`,
      machine: machine(),
      config: { fileMiB, runs: RUNS, xChunkMiB: 4 },
      upload: {
        app: {
          ms: runs.app.map((sent) => round(sent.ms, 0)),
          mibPerSecond: appThroughput,
          rssGrowthMiB: runs.app.map((sent) => sent.memory.growthMiB),
        },
        baseline: {
          ms: runs.baseline.map((sent) => round(sent.ms, 0)),
          mibPerSecond: baselineThroughput,
          rssGrowthMiB: runs.baseline.map((sent) => sent.memory.growthMiB),
        },
        baselineGrowthMiB: baselineGrowth,
        firstUploadRssGrowthMiB: coldUploadMemory.growthMiB,
        exactPeak: runs.app.every((sent) => sent.memory.exactPeak),
      },
      publish: {
        ms: round(publishMs, 0),
        mibPerSecond: mibPerSecond(size, publishMs),
        rssGrowthMiB: workerMemory.growthMiB,
        workerPeakMiB: workerMemory.peakMiB,
        firstPublishRssGrowthMiB: coldPublishMemory.growthMiB,
        workerAtRestMiB: coldPublishMemory.startMiB,
        fileCopyMs: round(copyMs, 0),
        fileCopyMibPerSecond: mibPerSecond(size, copyMs),
      },
      goals,
      met: Object.values(goals).every((goal) => goal.met),
      loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((value) => round(value, 2)) },
      seconds: round((Date.now() - started) / 1000, 0),
    });
  } finally {
    for (const child of children.reverse()) await child.stop();
    await database.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

runMain(main);
