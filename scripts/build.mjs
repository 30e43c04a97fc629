// Builds what `npm start` runs: the web app (Vite), and the server and sandbox bundles (esbuild).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bundles our own code and workspace packages; every npm dependency stays an import. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@postflow/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Builds into a fresh sibling folder and swaps it in at the end, so a process serving the old build
 * never sees a half-written one, and a failed build leaves the last good one in place.
 */
async function intoFreshFolder(target, write) {
  const next = `${target}.next-${process.pid}`;
  const old = `${target}.old-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await write(next);
  if (existsSync(target)) renameSync(target, old);
  renameSync(next, target);
  rmSync(old, { recursive: true, force: true });
}

async function bundle(entries, outdir, extra = () => {}) {
  const { build } = await import('esbuild');
  await intoFreshFolder(outdir, async (folder) => {
    await build({
      entryPoints: [entries].flat(),
      outdir: folder,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [externalDependencies],
    });
    extra(folder);
  });
}

/**
 * Brotli and gzip copies beside each text asset, which the server sends to browsers that accept
 * them (`preCompressed`): the app's JavaScript travels at a third of its size.
 */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (/\.(js|css|html|svg|json|txt)$/.test(entry.name)) {
      const bytes = readFileSync(file);
      if (bytes.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }
  }
}

export async function buildAll({ web = true } = {}) {
  const started = Date.now();
  if (web) {
    await intoFreshFolder(`${root}/apps/web/dist`, (folder) => {
      const vite = spawnSync(`${root}/node_modules/.bin/vite`, ['build', '--logLevel', 'warn', '--outDir', folder, '--emptyOutDir'], {
        cwd: `${root}/apps/web`,
        stdio: 'inherit',
      });
      if (vite.status !== 0) throw new Error('The web app did not build.');
      precompress(folder);
    });
  }
  // The server, and the operator's command (npm run admin) on the same code and configuration.
  await bundle([`${root}/apps/server/src/main.ts`, `${root}/apps/server/src/admin.ts`], `${root}/apps/server/dist`, (folder) =>
    cpSync(`${root}/apps/server/src/db/migrations`, `${folder}/migrations`, { recursive: true }),
  );
  await bundle(`${root}/packages/sandbox/src/main.ts`, `${root}/packages/sandbox/dist`);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** What a build is made from: every source file's path, size and modification time, digested. */
function sourcesDigest() {
  const hash = createHash('sha256');
  const skip = /(^|\/)(node_modules|dist(\.[\w-]+)?|coverage)$/;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (skip.test(file)) continue;
      if (entry.isDirectory()) visit(file);
      else {
        const { size, mtimeMs } = statSync(file);
        hash.update(`${path.relative(root, file)}\0${size}\0${mtimeMs}\n`);
      }
    }
  };
  for (const dir of ['apps/web', 'apps/server/src', 'packages/contract/src', 'packages/sandbox/src']) visit(path.join(root, dir));
  for (const file of ['package-lock.json', 'scripts/build.mjs']) hash.update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

const lockDir = path.join(root, 'node_modules', '.cache', 'postflow-build.lock');

function lockHolder() {
  try {
    const pid = Number(readFileSync(path.join(lockDir, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * Runs `work` while holding the build lock (a folder: creating one is atomic), waiting for another
 * process's build to finish first; a lock whose process is gone is taken over.
 */
export async function withBuildLock(work) {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  let told = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = lockHolder();
      if (holder === undefined && existsSync(lockDir)) {
        // Give a process that just made the folder time to write its pid before calling it gone.
        await new Promise((resolve) => setTimeout(resolve, 200));
        if (lockHolder() === undefined) rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (!told) console.log(`Waiting for another build (process ${holder}) to finish…`);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

const stampFile = path.join(root, 'apps', 'server', 'dist', '.sources');

/**
 * `npm start`'s build: only when a source changed since the last one (or it is missing), and never
 * two at once, so N processes started together from one checkout build once and share the result.
 */
export async function buildIfChanged({ web = true, force = false } = {}) {
  return withBuildLock(async () => {
    const digest = sourcesDigest();
    const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
    // A build without the web app (the chaos run's) does not serve `npm start`.
    const webReady = !web || (stamp.endsWith(' with web') && existsSync(`${root}/apps/web/dist/index.html`));
    if (!force && stamp.startsWith(digest) && webReady) {
      console.log('The build is up to date.');
      return false;
    }
    await buildAll({ web });
    writeFileSync(stampFile, `${digest}${web ? ' with web' : ''}`);
    return true;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfChanged({ force: true }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
