// Keeps bench/results/latest.json (the newest JSON line of each benchmark, with its date and
// command) and rewrites docs/benchmarks.md from it, so a run of one benchmark updates only its part.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const latestFile = `${root}/bench/results/latest.json`;
const docFile = `${root}/docs/benchmarks.md`;

export function machineDescription() {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
  };
}

export function recordResults(entries, command) {
  const latest = existsSync(latestFile) ? JSON.parse(readFileSync(latestFile, 'utf8')) : {};
  const date = new Date().toISOString();
  for (const [name, result] of Object.entries(entries)) latest[name] = { date, command, machine: machineDescription(), result };
  writeFileSync(latestFile, `${JSON.stringify(latest, null, 2)}\n`);
  writeFileSync(docFile, render(latest));
}

/** Rewrites docs/benchmarks.md from bench/results/latest.json as it stands (after a change to this file). */
export function rerender() {
  writeFileSync(docFile, render(JSON.parse(readFileSync(latestFile, 'utf8'))));
}

const yes = (met) => (met ? 'met' : '**missed**');
const ms = (value) => (value === undefined || value === null || Number.isNaN(value) ? '–' : `${value} ms`);
const header = (entry) => {
  const r = entry.result;
  const load = r.loadAverage ? `; load average at start ${r.loadAverage.atStart.join(' / ')}` : '';
  return `_${entry.date.slice(0, 16).replace('T', ' ')} UTC, \`${entry.command}\`; ${entry.machine.cores} cores (${entry.machine.cpu}), ${entry.machine.memoryGiB} GiB, Node ${entry.machine.node}${r.postgres ? `, PostgreSQL ${r.postgres}` : ''}${load}; ${r.seconds ?? '?'} s._`;
};

function publishSection(entry) {
  const r = entry.result;
  if (r.error) return `## publish\n\n${header(entry)}\n\nFailed: ${r.error}\n`;
  const row = (label, s) =>
    `| ${label} | ${s.targets} | ${ms(s.lateness.p50)} | ${ms(s.lateness.p99)} | ${ms(s.lateness.p999)} | ${ms(s.lateness.max)} | ${s.publishesPerSecond} | ${s.drainRate ?? '–'} | ${s.duplicates} | ${s.lost} | ${s.failed} | ${
      s.cpuMsPerPost
        ? Object.entries(s.cpuMsPerPost)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')
        : '–'
    } |`;
  return `## publish

${header(entry)}

${r.config.workers} worker processes, ${r.config.accounts} sandbox accounts, sandbox latency ${r.config.sandboxLatencyMs.join('–')} ms on post creation. Lateness = instant the sandbox received the request − scheduled instant. Baseline: pg-boss alone (\`batchSize\` 50, \`pollingIntervalSeconds\` 0.5, two processes, each batch's calls at once) delivering the same instants to a bare HTTP receiver with the same latency.

| Scenario | Targets | p50 | p99 | p99.9 | max | posts/s | drain/s | dup. | lost | failed | CPU ms per post |
|---|---|---|---|---|---|---|---|---|---|---|---|
${row('spread (app)', r.spread.app)}
${row('spread (baseline)', r.spread.baseline)}
${row('burst (app)', r.burst.app)}
${row('burst (baseline)', r.burst.baseline)}

Where the app's lateness goes (spread): instant → attempt recorded p50 ${ms(r.spread.app.breakdown?.instantToAttemptMs.p50)}, p99 ${ms(r.spread.app.breakdown?.instantToAttemptMs.p99)}; attempt → request received p50 ${ms(r.spread.app.breakdown?.attemptToArrivalMs.p50)}, p99 ${ms(r.spread.app.breakdown?.attemptToArrivalMs.p99)}. Burst: ${ms(r.burst.app.breakdown?.instantToAttemptMs.p50)} / ${ms(r.burst.app.breakdown?.instantToAttemptMs.p99)} and ${ms(r.burst.app.breakdown?.attemptToArrivalMs.p50)} / ${ms(r.burst.app.breakdown?.attemptToArrivalMs.p99)}. Backstop jobs due but not yet handled 5 s after the spread: ${r.backstopsDueUnhandled5sAfterSpread}.${r.coldStart ? ` Cold start (${r.coldStart.note}): p50 ${ms(r.coldStart.lateness.p50)}, p99 ${ms(r.coldStart.lateness.p99)}, max ${ms(r.coldStart.lateness.max)}.` : ''}

| Goal | Value | |
|---|---|---|
| ${r.goals.spreadP99.goal} | ${ms(r.goals.spreadP99.value)} | ${yes(r.goals.spreadP99.met)} |
| ${r.goals.burstDrain.goal} | ${r.goals.burstDrain.value}/s against ${r.goals.burstDrain.baseline}/s | ${yes(r.goals.burstDrain.met)} |
| ${r.goals.exactlyOnce.goal} | ${r.goals.exactlyOnce.duplicates} duplicated, ${r.goals.exactlyOnce.lost} lost, ${r.goals.exactlyOnce.failed} failed | ${yes(r.goals.exactlyOnce.met)} |
`;
}

/** "feed 0.2 + 0.3 + 0.1 ms (API + PostgreSQL + load generator); …" for the scenarios that ran. */
function cpuLine(r) {
  return (
    ['feed', 'summary', 'summaryRanges']
      .filter((name) => r[name]?.app.cpuMsPerRequest)
      .map((name) => {
        const cpu = r[name].app.cpuMsPerRequest;
        return `${name} ${cpu.api} + ${cpu.postgres ?? '?'} + ${cpu.client} ms`;
      })
      .join('; ') + ' (API + PostgreSQL + load generator)'
  );
}

function apiSection(entry) {
  const r = entry.result;
  if (r.error) return `## api\n\n${header(entry)}\n\nFailed: ${r.error}\n`;
  // BENCH_API_ONLY runs one scenario: the others have no row.
  const row = (name, path, v) =>
    !v
      ? `| ${name} \`${path}\` | not run | | | | | | | | |`
      : `| ${name} \`${path}\` | ${ms(v.app.p50)} | ${ms(v.app.p99)} | ${v.app.rps} | ${v.app.errors} | ${ms(v.raw.p50)} | ${ms(v.raw.p99)} | ${v.raw.rps} | ${v.p99Ratio}× | ${yes(v.met)} |`;
  const statements = Object.entries(r.statements ?? {})
    .map(([name, list]) =>
      list.map((s) => `| ${name} | ${s.executionMs} ms | \`${s.sql.slice(0, 110).replace(/\|/g, '\\|')}…\` |`).join('\n'),
    )
    .join('\n');
  return `## api

${header(entry)}

${r.dataset.targets.toLocaleString('en')} posts (one target each; ${r.dataset.mainUserTargets.toLocaleString('en')} of them the signed-in person's) and ${r.dataset.snapshots.toLocaleString('en')} metric snapshots, seeded with \`generate_series\` in ${r.dataset.seedSeconds} s. ${r.load.connections} connections for ${r.load.seconds} s each (autocannon, after a 3 s warm-up). Raw SQL: the repositories' own statements as the services run them, without anything the API keeps in memory (the session lookup, then the endpoint's queries in parallel), through \`pg\` with ${r.load.connections} concurrent clients and the same prepared statements. Goal: p99 ≤ 25 ms and ≤ 1.5× the raw SQL.

| Endpoint | p50 | p99 | req/s | errors | raw p50 | raw p99 | raw req/s | p99 ratio | goal |
|---|---|---|---|---|---|---|---|---|---|
${row('feed', r.load.feed, r.feed)}
${row('summary, same range again', r.load.summary, r.summary)}
${r.summaryRanges ? `${row('summary, a new range each time', r.load.summaryRanges, r.summaryRanges)}\n` : ''}
What the API keeps between requests: each process remembers a token's session for 5 s (decision 093); the feed reads its exact total from per-person counts kept by triggers, in the same statement as the page (decision 082); the summary keeps a range's figures, the audience and the insights in memory until the person's analytics data change (a counter moved by triggers, decision 091). "Same range again" is a person reloading the page; "a new range each time" misses that cache on every request (its raw SQL runs the same sequence of ranges): it adds up the range's per-day sums kept by triggers and ranks the posts from a per-day index (decision 096) instead of reading the month's tens of thousands of posts. With ${r.load.connections} connections each sending its next request as soon as the last is answered, latency is bound by throughput (about connections ÷ requests a second): a 25 ms p99 needs some 2,000–2,500 answers a second from these 2 cores, load generator included, so under 1 ms of CPU per request in all. CPU per request through the API: ${cpuLine(r)}.

${r.serverErrors?.length ? `The API's errors during the run: ${r.serverErrors.map((e) => `${e.count} × "${e.message}"`).join('; ')}.\n\n` : ''}EXPLAIN ANALYZE of each statement, once, on the idle database:

| Endpoint | Time | Statement |
|---|---|---|
${statements}
`;
}

function calendarSection(entry) {
  const r = entry.result;
  if (r.error) return `## calendar\n\n${header(entry)}\n\nFailed: ${r.error}\n`;
  const row = (name, path, v, answer) =>
    `| ${name} \`${path}\` | ${answer.items} items, ${answer.more} more counted, ${Math.round(answer.bytes / 1024)} KiB | ${ms(v.app.p50)} | ${ms(v.app.p99)} | ${v.app.rps} | ${v.app.errors} | ${ms(v.raw.p50)} | ${ms(v.raw.p99)} | ${v.raw.rps} | ${v.p99Ratio}× | ${name === 'month' ? yes(v.met) : 'not a goal'} |`;
  const cpu = (v) =>
    `${v.app.cpuMsPerRequest?.api ?? '?'} + ${v.app.cpuMsPerRequest?.postgres ?? '?'} + ${v.app.cpuMsPerRequest?.client ?? '?'} ms`;
  const statements = (r.statements ?? [])
    .map((s) => `| ${s.executionMs} ms | \`${s.sql.slice(0, 110).replace(/\|/g, '\\|')}…\` |`)
    .join('\n');
  return `## calendar

${header(entry)}

${r.dataset.targets.toLocaleString('en')} post targets over two years in 20 workspaces, ${r.dataset.monthTargets.toLocaleString('en')} of them the main workspace's in this month (${r.dataset.mainUserTargets.toLocaleString('en')} of its own in all), seeded with \`generate_series\` in ${r.dataset.seedSeconds} s. ${r.load.connections} connections for ${r.load.seconds} s each (autocannon, after a 3 s warm-up). The month call is the month view's: six weeks, 3 posts a day and each day's count (decision 142); the week call is the week view's (50 a day). Raw SQL: the calendar repository's statements as the service runs them (the session lookup, then the posts and the drafts at once), through \`pg\` with ${r.load.connections} concurrent clients. Goal (month): ${r.goal.replace('month: ', '')}.

| Call | Answer | p50 | p99 | req/s | errors | raw p50 | raw p99 | raw req/s | p99 ratio | goal |
|---|---|---|---|---|---|---|---|---|---|---|
${row('month', r.load.month, r.month, r.answers.month)}
${row('week', r.load.week, r.week, r.answers.week)}

CPU per request through the API (API + PostgreSQL + load generator): month ${cpu(r.month)}; week ${cpu(r.week)}.

EXPLAIN ANALYZE of the month's statements, once, after the load:

| Time | Statement |
|---|---|
${statements}
`;
}

function mixedSection(entry) {
  const r = entry.result;
  if (r.error) return `## mixed\n\n${header(entry)}\n\nFailed: ${r.error}\n`;
  // Older results measured the whole server tree and cluster, which counted the API's load as publishing's.
  const cpu = (c) =>
    c && c.postgresForWorker !== undefined
      ? `${Math.round((c.worker + c.postgresForWorker) * 100) / 100} ms (worker ${c.worker}, its PostgreSQL ${c.postgresForWorker}); sandbox ${c.sandbox}`
      : '–';
  // What publishing takes of the machine at the spread's rate, from its CPU per post.
  const share = (r) => {
    const c = r.spread.underApiLoad.cpuMsPerPost;
    if (!c || c.postgresForWorker === undefined) return '';
    const rate = r.config.spread.targets / r.config.spread.seconds;
    const percent = (ms) => Math.round((ms * rate) / (r.machine.cores * 10));
    return `CPU per post: the worker process, and the PostgreSQL backends serving it (told apart by application name), so the API's load is not counted as publishing's (\`npx tsx bench/publish/cost.ts\` breaks it down by statement). Under load, at ${rate} posts a second, publishing takes ${percent(c.worker + c.postgresForWorker)}% of the ${r.machine.cores} cores, and the sandbox (the stand-in for X) ${percent(c.sandbox)}%; the API process and its backends got ${percent(c.api + c.postgresForApi)}%. A load average well above the core count means other work took the rest, and the API's ratio says more about that work than about publishing (decision 121).`;
  };
  const spread = (label, s) =>
    `| ${label} | ${s.targets} | ${ms(s.lateness.p50)} | ${ms(s.lateness.p99)} | ${ms(s.lateness.max)} | ${s.duplicates} | ${s.lost} | ${s.failed} | ${cpu(s.cpuMsPerPost)} |`;
  const api = (label, a) => `| ${label} | ${a.requests} | ${a.rps} | ${ms(a.p50)} | ${ms(a.p99)} | ${a.errors} |`;
  return `## mixed

${header(entry)}

One instance (\`ROLE=all\` as \`npm start\` runs it: the API, and its worker in a child process, decision 120), ${r.config.accounts} sandbox accounts. The spread scenario (${r.config.spread.targets} targets over ${r.config.spread.seconds} s) alone, then again while the API benchmark's feed and summary load (50 connections, the two pages alternately, ${r.config.api.datasetTargets} posts) runs against the same instance.

| Spread | Targets | p50 | p99 | max | dup. | lost | failed | CPU per post |
|---|---|---|---|---|---|---|---|---|
${spread('alone', r.spread.alone)}
${spread('under API load', r.spread.underApiLoad)}

${share(r)}

| API (feed + summary) | Requests | req/s | p50 | p99 | errors |
|---|---|---|---|---|---|
${api('alone', r.api.alone)}
${api('during the spread', r.api.duringSpread)}

| Goal | Value | Result |
|---|---|---|
| ${r.goals.spreadP99UnderLoad.goal} | ${ms(r.goals.spreadP99UnderLoad.value)} | ${yes(r.goals.spreadP99UnderLoad.met)} |
| ${r.goals.apiP99DuringSpread.goal} | ${r.api.p99Ratio}× | ${yes(r.goals.apiP99DuringSpread.met)} |
| ${r.goals.exactlyOnce.goal} | | ${yes(r.goals.exactlyOnce.met)} |
`;
}

function webSection(entry) {
  const r = entry.result;
  if (r.error) return `## web\n\n${header(entry)}\n\nFailed: ${r.error}\n`;
  const pages = r.pages
    .map((p) => `| \`${p.path}\` | ${p.staticGzipKiB} KiB | ${p.ratio}× | ${p.loadedGzipKiB} KiB | ${p.loadedRatio}× | ${yes(p.met)} |`)
    .join('\n');
  const lh = Object.entries(r.lighthouse)
    .map(
      ([name, l]) =>
        `| \`${name}\` | ${l.median.performance} (${l.runs.map((run) => run.performance).join(', ')}) | ${l.median.accessibility} | ${l.median.bestPractices} | ${l.median.seo} | ${l.median.fcpMs} ms | ${l.median.lcpMs} ms | ${l.median.tbtMs} ms | ${l.median.cls} | ${yes(l.met)} |`,
    )
    .join('\n');
  return `## web

${header(entry)}

Bare page: React 19 + React Router 7, three routes, built with the same Vite in the same run: **${r.bare.gzipKiB} KiB** of JS (gzip -9). "Static" = the entry script in \`dist/index.html\` and its static imports, plus the page's lazy route chunk and its static imports. "Loaded" = the JS files Chromium fetched for the page until the network was idle (lazy chunks the page pulls in while rendering included). Goal: ≤ 1.5× the bare page.

| Page | static | ratio | loaded | ratio | goal |
|---|---|---|---|---|---|
${pages}

Lighthouse ${r.chromium ?? ''} (mobile defaults: emulated Moto G Power, simulated slow 4G and 4× CPU), median of the runs; \`/dashboard\` signed in (session token put in localStorage, storage reset off). Goal: performance ≥ 95.

| Page | performance (runs) | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | goal |
|---|---|---|---|---|---|---|---|---|---|
${lh}
${Object.entries(r.lighthouse)
  .filter(([, l]) => l.median.bootup?.length)
  .map(
    ([name, l]) =>
      `\nBusiest scripts on \`${name}\` (Lighthouse bootup-time, scripting): ${l.median.bootup.map((b) => `\`${b.url}\` ${b.scriptingMs} ms`).join(', ')}.`,
  )
  .join('')}
`;
}

function footprintSection(entry) {
  const r = entry.result;
  if (r.error) return `## footprint\n\n${header(entry)}\n\nFailed: ${r.error}\n`;
  const row = (label, s) =>
    `| ${label} | ${s.startToHealthyMs} ms | ${s.memoryAtRest.server.rssMiB} / ${s.memoryAtRest.server.pssMiB} MiB | ${s.memoryAtRest.postgres.rssMiB} / ${s.memoryAtRest.postgres.pssMiB} MiB (${s.memoryAtRest.postgres.processes} processes) | ${s.memoryAtRest.appTotal.rssMiB} / **${s.memoryAtRest.appTotal.pssMiB} MiB** | ${s.memoryAtRest.sandbox.rssMiB} / ${s.memoryAtRest.sandbox.pssMiB} MiB |`;
  return `## footprint

${header(entry)}

The app started as \`npm start\` starts it (\`scripts/launch.mjs\`: the server bundle with its embedded PostgreSQL, beside the sandbox) on a fresh DATA_DIR, then again on the same DATA_DIR. Time from spawning the processes to the first \`/healthz\` answering \`"status": "ok"\` (database and worker up). Memory ~10 s later, RSS / PSS (PSS shares out pages that several processes map, e.g. PostgreSQL's shared buffers, so the PSS total is the app's real share).

| Start | to healthy | Node server | embedded PostgreSQL | app total | sandbox (not part of the app) |
|---|---|---|---|---|---|
${row('first (initdb)', r.firstStart)}
${row('second', r.secondStart)}
`;
}

function uploadsSection(entry) {
  const r = entry.result;
  if (r.error) return `## uploads\n\n${header(entry)}\n\nFailed: ${r.error}\n`;
  const row = (label, d) => `| ${label} | ${d.n} | ${ms(d.p50)} | ${ms(d.p99)} | ${ms(d.max)} |`;
  const statuses = Object.entries(r.uploads.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  return `## uploads

${header(entry)}

One API process. Sign-ins one after another (${r.config.logins} of them, argon2id, spread over ${r.config.loginAccounts} accounts, each from its own address), first at rest, then while ${r.config.uploaders} people each compose a post with a ${r.config.image.width} × ${r.config.image.height} JPEG (${r.config.image.kib} KiB, ${(r.config.image.width * r.config.image.height) / 1e6} megapixels) again and again, waiting out a 503's Retry-After as a client should. Images take turns in a small queue (decision 111). Goal: ${r.goal}.

| Sign-in | n | p50 | p99 | max |
|---|---|---|---|---|
${row('at rest', r.loginAtRest)}
${row(`during ${r.config.uploaders} uploads`, r.loginUnderUploads)}

p99 ratio **${r.p99Ratio}×** (${yes(r.met)}); on a machine shared with other work (see the load average) the ratio varies from run to run. \`/healthz\` during the uploads: p50 ${ms(r.healthzUnderUploads.p50)}, p99 ${ms(r.healthzUnderUploads.p99)}. Upload answers: ${statuses}; an accepted upload took p50 ${ms(r.uploads.accepted.p50)}, p99 ${ms(r.uploads.accepted.p99)}.
`;
}

function queueSection(entry) {
  const r = entry.result;
  if (r.error) return `## queue\n\n${header(entry)}\n\nFailed: ${r.error}\n`;
  const statuses = (s) =>
    Object.entries(s)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
  const row = (label, v, rate) =>
    `| ${label} | ${v.latency.n} | ${ms(v.latency.p50)} | ${ms(v.latency.p99)} | ${ms(v.latency.max)} | ${rate}/s | ${statuses(v.statuses)} |`;
  return `## queue

${header(entry)}

One API process, one person, one X account with ${r.config.slotsPerWeek} weekly slots (${r.config.timeZone}). ${r.config.adds} \`POST /posts\` with \`"queue": true\` sent at once: they take turns in the API process (two at a time, so none waits holding a database connection), then each takes the account's queue row lock in its transaction, finds the next free slot and inserts its target (decision 143). Baseline: the same ${r.config.adds} posts at explicit, distinct times, at once, in the same run.

| Burst | n | p50 | p99 | max | posts/s | answers |
|---|---|---|---|---|---|---|
${row('add to queue', r.queue, r.queue.addsPerSecond)}
${row('explicit times (baseline)', r.explicit, r.explicit.postsPerSecond)}

${r.distinctSlots} distinct slots out of ${r.config.adds}, reaching ${r.weeksAhead} weeks ahead, none skipped: ${yes(r.met)}. The adds for one account take turns at its lock, so the burst's p99 is about the time all of them take one after another (here about ${Math.round(1000 / r.queue.addsPerSecond)} ms each on a loaded machine, see the load average); adds for different accounts do not wait for each other.
`;
}

function mediaUploadSection(entry) {
  const r = entry.result;
  if (r.error) return `## media-upload\n\n${header(entry)}\n\nFailed: ${r.error}\n`;
  const list = (values, unit) => values.map((value) => `${value}${unit}`).join(', ');
  const g = r.goals;
  return `## media-upload

${header(entry)}

A ${r.config.fileMiB} MiB MP4 (its movie box after the media data, as many encoders write it) uploaded ${r.config.runs} times through \`POST /api/v1/media\` to one API process, which streams it to disk and checks it from its boxes (decision 153), then published to the sandbox's X by a separate worker process, which streams the stored file into X's ${r.config.xChunkMiB} MiB APPENDs, reading it 256 KiB at a time. Memory is each process's peak RSS (VmHWM${r.upload.exactPeak ? ', reset before each step' : ', sampled every 5 ms'}) minus its RSS before the step, measured after one unmeasured upload and publish of the same file (a running instance has served some; the first ones grew the API by ${r.upload.firstUploadRssGrowthMiB} MiB and the worker, from ${r.publish.workerAtRestMiB} MiB at rest, by ${r.publish.firstPublishRssGrowthMiB} MiB, once: code compiled, V8's young generation sized). Baseline, in the same run: the same HTTP stack (Fastify and @fastify/multipart in its own process) piping the file part straight to disk; for the publish, a plain copy of the file on disk.

| Step | Times | Throughput | RSS growth |
|---|---|---|---|
| upload (app) | ${list(r.upload.app.ms, ' ms')} | ${r.upload.app.mibPerSecond} MiB/s (median) | ${list(r.upload.app.rssGrowthMiB, ' MiB')} |
| upload (baseline) | ${list(r.upload.baseline.ms, ' ms')} | ${r.upload.baseline.mibPerSecond} MiB/s (median) | ${list(r.upload.baseline.rssGrowthMiB, ' MiB')} |
| publish to X (worker) | ${r.publish.ms} ms | ${r.publish.mibPerSecond} MiB/s | ${r.publish.rssGrowthMiB} MiB (peak ${r.publish.workerPeakMiB} MiB) |
| file copy (baseline) | ${r.publish.fileCopyMs} ms | ${r.publish.fileCopyMibPerSecond} MiB/s | – |

The publish time runs from \`POST /posts\` to the target's \`published\`, so it includes the dispatcher's pick-up and the sandbox's processing wait (X asks to check back after a second), not only the bytes.

| Goal | Value | |
|---|---|---|
| ${g.uploadMemory.goal} | ${g.uploadMemory.value} MiB | ${yes(g.uploadMemory.met)} |
| ${g.publishMemory.goal} | ${g.publishMemory.value} MiB | ${yes(g.publishMemory.met)} |
| ${g.uploadThroughput.goal} | ${g.uploadThroughput.value} MiB/s against ${g.uploadThroughput.baseline} MiB/s | ${yes(g.uploadThroughput.met)} |
`;
}

function threadsSection(entry) {
  const r = entry.result;
  if (r.error) return `## threads\n\n${header(entry)}\n\nFailed: ${r.error}\n`;
  const t = r.threads;
  const b = r.baseline;
  const row = (label, d) => `| ${label} | ${d.n} | ${ms(d.p50)} | ${ms(d.p95)} | ${ms(d.max)} |`;
  const g = r.goals;
  return `## threads

${header(entry)}

${r.config.threads} X threads of ${r.config.parts} parts (docs/decisions/155-threads.md), one per sandbox account, all due at the same instant, ${r.config.workers} worker processes, sandbox latency ${r.config.sandboxLatencyMs.join('–')} ms on post creation. Each later part waits (\`due_at\` infinity) until its parent is out; the worker that published the parent then claims and sends it at once. Times are the workers' own records (\`published_at\`, the first attempt's \`started_at\`). Baseline, in the same run: the same ${b.posts} posts as independent single posts on the same accounts, due at one instant: none waits for a parent, so their send time (attempt → published) is what a part costs without the chain. A part left to the dispatcher's ${r.config.dispatcherPollMs} ms poll would add 0–${r.config.dispatcherPollMs} ms to that.

| Measure | n | p50 | p95 | max |
|---|---|---|---|---|
${row('head lateness (instant → published)', t.headLateness)}
${row('**next-part latency** (parent published → part published)', t.nextPartLatency)}
${row("… parent published → part's attempt", t.nextPartBreakdown.parentToAttemptMs)}
${row("… part's attempt → published", t.nextPartBreakdown.attemptToPublishedMs)}
${row('thread duration (instant → last part published)', t.threadDuration)}
${row('baseline: single post, attempt → published', b.attemptToPublishedMs)}
${row('baseline: single post lateness (instant → published)', b.lateness)}

Next-part latency p50 by part: ${t.nextPartByPosition.map((p) => `${p.part}: ${ms(p.p50)}`).join(', ')}. At p50 a part's latency is ${ms(Math.abs(r.chainOverheadP50Ms))} ${r.chainOverheadP50Ms >= 0 ? 'longer' : 'shorter'} than a single post's send (what the chain adds); ${t.partsSentBySameWorkerAsParent} of ${t.nextPartLatency.n} parts were sent by the worker that published their parent; the others were claimed first by another worker's poll${t.nextPartBreakdown.parentToAttemptOtherWorkerMs ? ` (parent published → attempt p50 ${ms(t.nextPartBreakdown.parentToAttemptOtherWorkerMs.p50)})` : ''}. The baseline's ${b.posts} posts all went out within ${ms(b.drainMs)} of their instant: a thread's parts are sent one after another, each answering the one before, so a thread takes about ${r.config.parts} sends.

| Goal | Value | |
|---|---|---|
| ${g.nextPartLatency.goal} | ${ms(g.nextPartLatency.value)} | ${yes(g.nextPartLatency.met)} |
| ${g.exactlyOnce.goal} | ${g.exactlyOnce.complete} complete, ${g.exactlyOnce.duplicatedParts} duplicated parts, ${g.exactlyOnce.brokenChains} broken chains | ${yes(g.exactlyOnce.met)} |
`;
}

function chaosSection(entry) {
  const r = entry.result;
  if (r.error) return `## chaos\n\n${header(entry)}\n\nFailed: ${r.error}\n`;
  const c = r.counts;
  return `## chaos

${header(entry)}

${r.config.targets} targets over ${r.config.seconds} s on ${r.config.accounts} accounts, ${r.config.workers} workers with one SIGKILLed every ${r.config.killEveryMs / 1000} s and restarted (${r.chaos.kills} kills), faults at ${r.config.faultRate * 100}% each on post creation (fired: ${Object.entries(
    r.chaos.faultsFired,
  )
    .map(([k, v]) => `${k} ${v}`)
    .join(
      ', ',
    )}; \`timeout_after_create\` holds ${r.config.holdMs / 1000} s), PostgreSQL restarted half way (${r.chaos.databaseRestartMs ?? 'skipped'} ms), X's duplicate-text rule ${r.config.xDuplicateRule ? 'on' : 'off (a double send would show as two posts)'}.

**${r.ok ? 'Passed' : 'FAILED'}**: ${c.published} published exactly once, ${c.failedWithReason} failed with a reason, ${c.duplicates} duplicated, ${c.lost} lost, ${c.failedButPosted} failed-but-posted, ${c.failedWithoutReason} failed without a reason. Attempts per target: ${Object.entries(
    r.attemptsPerTarget,
  )
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')}. Lateness p50 ${ms(r.latenessMs.p50)}, p99 ${ms(r.latenessMs.p99)}, max ${ms(r.latenessMs.max)}.
${threadsLine(r.threads)}`;
}

/** The chaos run's threads (docs/decisions/155-threads.md), when the run had them. */
function threadsLine(t) {
  if (!t) return '';
  return `
Threads: ${t.threads} of 3 to 8 parts (${t.parts} parts) on accounts of their own, under the same kills, faults and restart: ${t.complete} complete, ${t.partiallyPublished} partially published (${t.partiallyPublishedWithReasons} with every unsent part saying why), ${t.failedBeforeAnyPart} failed before any part went out, ${t.duplicatedParts} duplicated parts, ${t.brokenChains} broken chains, ${t.notSettled} not settled.
`;
}

function render(latest) {
  const sections = [
    ['publish', publishSection],
    ['api', apiSection],
    ['calendar', calendarSection],
    ['mixed', mixedSection],
    ['web', webSection],
    ['footprint', footprintSection],
    ['uploads', uploadsSection],
    ['media-upload', mediaUploadSection],
    ['queue', queueSection],
    ['threads', threadsSection],
    ['chaos', chaosSection],
  ]
    .filter(([name]) => latest[name])
    .map(([name, section]) => section(latest[name]));
  return `# Benchmarks

Generated by \`npm run bench\` (\`bench/run.mjs\`) and \`npm run chaos\` (\`bench/chaos/run.mjs\`) from their last runs; the
raw JSON lines are in \`bench/results/latest.json\`. Each benchmark prints one JSON line last and compares against a
baseline measured in the same run. Run one with \`npm run bench -- publish\` (or \`api\`, \`calendar\`, \`mixed\`, \`web\`, \`footprint\`, \`uploads\`, \`media-upload\`, \`queue\`, \`threads\`);
\`BENCH_DATABASE_URL=postgres://…/postgres\` uses that server (a throw-away database on it) instead of an embedded
PostgreSQL 18 in a temporary folder. The load average is recorded because other work on the machine changes the
figures a lot on 2 cores.

${sections.join('\n')}`;
}
