// Web benchmark (issue 9): gzipped initial JS of `/`, `/login` and `/dashboard` against a bare
// React + React Router page built with Vite in the same run, and Lighthouse (mobile) on `/` and on
// `/dashboard` signed in, against the built app started as `npm start` starts it.
//
// Initial JS, two ways:
// - "static": from the build's chunk graph. The entry script named in dist/index.html, every chunk
//   it imports statically (transitively), plus the page's lazy route chunk (found by its module
//   name in the `import()` calls) and that chunk's static imports. Each file gzipped at level 9
//   and summed, each file once.
// - "loaded": what Chromium actually fetched for the page until the network was idle (it also
//   counts chunks the page imports lazily while it renders), the same files gzipped the same way.
// The bare page is measured the same way (it is a single chunk).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import type { PluginOption } from 'vite';
// @ts-expect-error: a plain ES module shared with `npm start`, typed by its use here.
import { launch, launchEnvironment } from '../../scripts/launch.mjs';
import { freePort, log, machine, postJson, printResult, root, round } from '../lib/common';

const GOAL_RATIO = 1.5;
const GOAL_PERFORMANCE = 95;
const RUNS = Number(process.env.BENCH_WEB_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const PAGES = [
  { path: '/', module: 'landing-page' },
  { path: '/login', module: 'login-page' },
  { path: '/dashboard', module: 'dashboard-page' },
] as const;

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Static imports of a built chunk (`import … from "./x.js"` and `import "./x.js"`), as file names. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.\/[^"'`]+?\.js)["'`]/g)].map((match) => path.basename(match[1] as string));
}

function closure(assets: string, start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of staticImports(path.join(assets, name))) visit(next);
  };
  start.forEach(visit);
  return seen;
}

function entryChunks(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/g)].map((match) => match[1] as string);
}

function sizeOf(assets: string, files: Iterable<string>) {
  const list = [...files].sort();
  return { gzipKiB: round(list.reduce((sum, name) => sum + gzipSize(path.join(assets, name)), 0) / 1024, 1), files: list };
}

/** The app's initial JS per page, from the chunk graph. */
function appStatic(dist: string) {
  const assets = path.join(dist, 'assets');
  const entry = entryChunks(dist);
  const base = closure(assets, entry);
  const entryCode = [...base].map((name) => readFileSync(path.join(assets, name), 'utf8')).join('\n');
  return Object.fromEntries(
    PAGES.map((page) => {
      const lazy = new RegExp(`import\\(\\s*["'\`]\\./(${page.module}-[\\w-]+\\.js)["'\`]`).exec(entryCode)?.[1];
      if (!lazy) throw new Error(`no lazy chunk for ${page.module} in the entry's chunks`);
      return [page.path, sizeOf(assets, new Set([...base, ...closure(assets, [lazy])]))];
    }),
  );
}

/** A bare React 19 + React Router 7 page (three routes) built with the same Vite, in a temporary folder. */
async function buildBarePage(): Promise<{ dist: string; cleanup(): void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bare-'));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Bare</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>\n',
  );
  writeFileSync(
    path.join(dir, 'src/main.jsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';

const Page = ({ title }) => (
  <main>
    <h1>{title}</h1>
    <nav><Link to="/">Home</Link> <Link to="/login">Sign in</Link> <Link to="/dashboard">Dashboard</Link></nav>
  </main>
);
const router = createBrowserRouter([
  { path: '/', element: <Page title="Home" /> },
  { path: '/login', element: <Page title="Sign in" /> },
  { path: '/dashboard', element: <Page title="Dashboard" /> },
]);
createRoot(document.getElementById('root')).render(<StrictMode><RouterProvider router={router} /></StrictMode>);
`,
  );
  const { build } = await import('vite');
  // The React plugin is apps/web's own dev dependency (not hoisted): take the very same copy.
  const pluginPath = path.join(root, 'apps/web/node_modules/@vitejs/plugin-react/package.json');
  const { default: react } = (await import(createRequire(pluginPath).resolve('@vitejs/plugin-react'))) as { default: () => PluginOption };
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: path.join(dir, 'dist'), emptyOutDir: true },
  });
  return { dist: path.join(dir, 'dist'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The JS files Chromium fetched for a page (until the network was idle but for long-lived streams). */
async function loadedScripts(browser: Browser, url: string, token?: string): Promise<string[]> {
  const page = await browser.newPage();
  try {
    if (token) {
      await page.goto(new URL('/config.js', url).toString());
      await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    }
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(path.basename(pathname));
    });
    // At most two open connections: a signed-in page keeps its post status stream open (decision 125).
    await page.goto(url, { waitUntil: 'networkidle2' });
    return [...scripts];
  } finally {
    await page.close();
  }
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's bootup-time audit: the scripts that kept the main thread busiest (ms of scripting, simulated). */
  bootup: Array<{ url: string; scriptingMs: number }>;
}

async function lighthouseRun(browser: Browser, url: string, token?: string): Promise<Scores> {
  const page = await browser.newPage();
  try {
    if (token) {
      // Signed in the way the web app keeps a session: the token in localStorage, kept across the
      // run (disableStorageReset), so /dashboard renders instead of redirecting to /login.
      await page.goto(new URL('/config.js', url).toString());
      await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    }
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        disableStorageReset: Boolean(token),
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, finalDisplayedUrl } = result.lhr;
    if (token && !finalDisplayedUrl.endsWith('/dashboard')) throw new Error(`signed-in run ended on ${finalDisplayedUrl}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => round(audits[id]?.numericValue ?? NaN, id === 'cumulative-layout-shift' ? 3 : 0);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      bootup: ((audits['bootup-time']?.details as { items?: Array<{ url: string; scripting: number }> } | undefined)?.items ?? [])
        .slice(0, 3)
        .map((item) => ({ url: item.url.replace(/^https?:\/\/[^/]+/, ''), scriptingMs: round(item.scripting, 0) })),
    };
  } finally {
    await page.close();
  }
}

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((value) => round(value, 2));
  const appDist = path.join(root, 'apps/web/dist');
  const bare = await buildBarePage();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-web-'));
  let app: { ready: Promise<string>; stop(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  try {
    const bareJs = sizeOf(path.join(bare.dist, 'assets'), closure(path.join(bare.dist, 'assets'), entryChunks(bare.dist)));
    const appJs = appStatic(appDist);
    log(`bare React + React Router page: ${bareJs.gzipKiB} KiB gzip (${bareJs.files.join(', ')})`);

    const [port, sandboxPort] = [await freePort(), await freePort()];
    const env = launchEnvironment({
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
    });
    delete env.DATABASE_URL;
    app = launch({ env, stdio: ['ignore', 'pipe', 'pipe'] }) as { ready: Promise<string>; stop(): Promise<void> };
    const baseUrl = await app.ready;
    log(`app running at ${baseUrl}`);
    const session = await postJson<{ token: string }>(`${baseUrl}/auth/register`, {
      name: 'Bench Person',
      email: `bench-${Date.now()}@example.com`,
      password: 'bench password 123',
    });

    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')),
    });
    const pages = [];
    for (const page of PAGES) {
      const loaded = await loadedScripts(browser, `${baseUrl}${page.path}`, page.path === '/dashboard' ? session.token : undefined);
      const staticJs = appJs[page.path] as ReturnType<typeof sizeOf>;
      const loadedJs = sizeOf(path.join(appDist, 'assets'), loaded);
      const ratio = round(staticJs.gzipKiB / bareJs.gzipKiB, 2);
      const loadedRatio = round(loadedJs.gzipKiB / bareJs.gzipKiB, 2);
      pages.push({
        path: page.path,
        staticGzipKiB: staticJs.gzipKiB,
        loadedGzipKiB: loadedJs.gzipKiB,
        ratio,
        loadedRatio,
        met: Math.max(ratio, loadedRatio) <= GOAL_RATIO,
        staticFiles: staticJs.files,
        loadedFiles: loadedJs.files,
      });
      log(
        `${page.path}: static ${staticJs.gzipKiB} KiB (${ratio}x), loaded ${loadedJs.gzipKiB} KiB (${loadedRatio}x): ${loadedJs.files.join(', ')}`,
      );
    }

    const lighthouseResults: Record<string, { runs: Scores[]; median: Scores; met: boolean }> = {};
    for (const [name, target, token] of [
      ['/', `${baseUrl}/`, undefined],
      ['/dashboard (signed in)', `${baseUrl}/dashboard`, session.token],
    ] as const) {
      const runs: Scores[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await lighthouseRun(browser, target, token));
      // The run with the median performance score (its metrics kept together).
      const middle = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)] as Scores;
      lighthouseResults[name] = { runs, median: middle, met: middle.performance >= GOAL_PERFORMANCE };
      log(`Lighthouse ${name}: ${JSON.stringify(middle)} (performance of each run: ${runs.map((entry) => entry.performance).join(', ')})`);
    }

    printResult({
      bench: 'web',
      machine: machine(),
      bare: bareJs,
      pages,
      lighthouse: lighthouseResults,
      goals: {
        initialJs: { goal: `<= ${GOAL_RATIO}x the bare page (gzip)`, met: pages.every((page) => page.met) },
        performance: {
          goal: `Lighthouse mobile performance >= ${GOAL_PERFORMANCE}`,
          met: Object.values(lighthouseResults).every((entry) => entry.met),
        },
      },
      chromium: await browser.version(),
      loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((value) => round(value, 2)) },
      seconds: round((Date.now() - started) / 1000, 0),
    });
  } finally {
    await browser?.close().catch(() => {});
    await app?.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    bare.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
