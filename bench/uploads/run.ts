// Uploads benchmark (issue 17, item 3): sign-in latency while 12 people upload a 36-megapixel
// JPEG at once, against sign-in latency at rest, in the same run and on the same API process.
// Image decoding shares the process with password hashing; the goal is login p99 under load
// within 2x its figure at rest, and no upload answered 500.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { createAccountsRepository } from '../../apps/server/src/modules/accounts/accounts.repository';
import { createSecretBox } from '../../apps/server/src/lib/secret-box';
import { distribution, log, machine, printResult, round, runMain, sleep, startApiProcess, tail, type Child } from '../lib/common';
import { startDatabase } from '../lib/database';
import { multipart } from '../../apps/server/test/helpers/multipart';

const env = process.env;
const UPLOADERS = 12;
const LOGIN_PEOPLE = 25;
const LOGINS = Number(env.BENCH_UPLOADS_LOGINS ?? 100);
const SIDE = 6000;
const GOAL_RATIO = 2;
const PASSWORD = 'a long enough password';

/** A distinct client address per request (TRUST_PROXY is on), so per-address sign-in limits never refuse the benchmark. */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((value) => round(value, 2));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-uploads-'));
  const database = await startDatabase('uploads');
  const secretKey = randomBytes(32).toString('hex');
  let app: Child | undefined;
  try {
    // TRUST_PROXY: each sign-in comes from its own address, so per-address limits never refuse the benchmark.
    const launched = await startApiProcess({ databaseUrl: database.connectionString, workDir, secretKey, env: { TRUST_PROXY: 'on' } });
    app = launched.app;
    const base = launched.base;

    interface Person {
      email: string;
      token: string;
      userId: string;
    }
    const register = async (name: string): Promise<Person> => {
      const email = `${randomUUID().slice(0, 12)}@example.com`;
      const response = await fetch(`${base}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
        body: JSON.stringify({ name, email, password: PASSWORD }),
      });
      if (response.status !== 201)
        throw new Error(`register: ${response.status} ${await response.text()}\n${tail(app?.logFile ?? '', 10)}`);
      const body = (await response.json()) as { token: string; user: { id: string } };
      return { email, token: body.token, userId: body.user.id };
    };
    const loginPeople: Person[] = [];
    for (let index = 0; index < LOGIN_PEOPLE; index += 1) loginPeople.push(await register(`Login ${index}`));
    // Uploaders post to X: an account row is all composing needs (a post an hour ahead is only stored).
    const secretBox = createSecretBox(Buffer.from(secretKey, 'hex'));
    const uploaders: Person[] = [];
    for (let index = 0; index < UPLOADERS; index += 1) {
      const person = await register(`Uploader ${index}`);
      const id = randomUUID();
      await createAccountsRepository(database.db).insert({
        id,
        workspaceId: person.userId,
        network: 'x',
        networkUserId: `bench-${index}`,
        isSandbox: true,
        username: `uploader${index}`,
        displayName: `Uploader ${index}`,
        avatarUrl: null,
        tokens: {
          accessTokenEnc: secretBox.seal('unused', `social_accounts:${id}:access`),
          refreshTokenEnc: null,
          accessExpiresAt: new Date(Date.now() + 86_400_000),
          refreshExpiresAt: null,
          scopes: [],
        },
      });
      uploaders.push(person);
    }

    // A highly compressible 6000 × 6000 JPEG: small on the wire, 36 megapixels to decode.
    const jpeg = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#4a7bd1' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    log(`image: ${SIDE}×${SIDE} JPEG, ${round(jpeg.length / 1024, 0)} KiB`);

    let loginIndex = 0;
    const login = async () => {
      const person = loginPeople[loginIndex++ % LOGIN_PEOPLE] as Person;
      const at = performance.now();
      const response = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
        body: JSON.stringify({ email: person.email, password: PASSWORD }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`login: ${response.status}`);
      return performance.now() - at;
    };
    const logins = async (count: number) => {
      const latencies: number[] = [];
      for (let index = 0; index < count; index += 1) latencies.push(await login());
      return latencies;
    };

    await logins(5);
    log(`logins at rest (${LOGINS}, one after another)`);
    const atRest = distribution(await logins(LOGINS));
    log(`at rest: ${JSON.stringify(atRest)}`);

    // 12 people each uploading the image again and again until the logins are measured; a 503
    // waits its Retry-After as a client should; a 429 ends that person's uploads.
    const statuses: Record<string, number> = {};
    const uploadMs: number[] = [];
    let stop = false;
    const when = new Date(Date.now() + 3_600_000).toISOString();
    const lane = async (person: Person) => {
      while (!stop) {
        const form = multipart([
          {
            name: 'data',
            value: JSON.stringify({
              enhancedContent: { x: 'A large picture' },
              platforms: ['x'],
              isScheduled: true,
              scheduleDate: when.slice(0, 10),
              scheduleTime: when.slice(11, 16),
              linkedInOrgId: '',
            }),
          },
          { name: 'image', value: jpeg, filename: 'large.jpg', type: 'image/jpeg' },
        ]);
        const at = performance.now();
        const response = await fetch(`${base}/content/publish`, {
          method: 'POST',
          headers: { authorization: `Bearer ${person.token}`, ...form.headers },
          body: form.payload,
        });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status === 201) uploadMs.push(performance.now() - at);
        if (response.status === 429) return;
        if (response.status === 503) await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
      }
    };
    const lanes = uploaders.map((person) => lane(person));
    await sleep(1_000);
    log(`logins while ${UPLOADERS} people upload`);
    const health: number[] = [];
    const healthProbe = (async () => {
      while (!stop) {
        const at = performance.now();
        await (await fetch(`${base}/healthz`)).arrayBuffer();
        health.push(performance.now() - at);
        await sleep(250);
      }
    })();
    const underLoad = distribution(await logins(LOGINS));
    stop = true;
    await Promise.all([...lanes, healthProbe]);
    log(`under load: ${JSON.stringify(underLoad)}; uploads ${JSON.stringify(statuses)}`);

    const ratio = round(underLoad.p99 / Math.max(1, atRest.p99), 2);
    const errors5xx = Object.entries(statuses)
      .filter(([status]) => Number(status) >= 500 && status !== '503')
      .reduce((sum, [, count]) => sum + count, 0);
    printResult({
      bench: 'uploads',
      postgres: `${database.version} (${database.kind})`,
      machine: machine(),
      config: {
        uploaders: UPLOADERS,
        image: { width: SIDE, height: SIDE, kib: round(jpeg.length / 1024, 0) },
        logins: LOGINS,
        loginAccounts: LOGIN_PEOPLE,
      },
      loginAtRest: atRest,
      loginUnderUploads: underLoad,
      healthzUnderUploads: distribution(health),
      uploads: { statuses, accepted: distribution(uploadMs) },
      p99Ratio: ratio,
      goal: `login p99 under uploads <= ${GOAL_RATIO}x at rest, no upload answered 500`,
      met: ratio <= GOAL_RATIO && errors5xx === 0,
      loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((value) => round(value, 2)) },
      seconds: round((Date.now() - started) / 1000, 0),
    });
  } finally {
    await app?.stop();
    await database.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

runMain(main);
