// Proves the boundary rules in .dependency-cruiser.mjs bite: the fixture tree holds a cycle made
// only of `import type`, a job importing a module, a module importing the composition root, the
// server importing the web app, the contract importing the server and a web feature importing
// another, and the check must report each (once) with the message a reader would see.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import config from '../../.dependency-cruiser.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url));

/** The rule's message as the check prints it (err-long wraps lines; compare with spaces collapsed). */
function message(name) {
  const rule = config.forbidden.find((candidate) => candidate.name === name);
  if (!rule) throw new Error(`no rule ${name}`);
  return rule.comment.replace(/\s+/g, ' ');
}

describe('import boundaries', () => {
  let output = '';
  let status = null;

  beforeAll(() => {
    const result = spawnSync(
      `${root}/node_modules/.bin/depcruise`,
      ['--config', `${root}/.dependency-cruiser.mjs`, '--output-type', 'err-long', 'apps', 'packages'],
      { cwd: fixtures, encoding: 'utf8' },
    );
    output = `${result.stdout}${result.stderr}`.replace(/\s+/g, ' ');
    status = result.status;
  });

  it('fails the run', () => {
    expect(status).not.toBe(0);
    expect(output).toContain('6 dependency violations');
  });

  it('reports a cycle made only of type imports', () => {
    expect(output).toContain('error no-cycles: apps/server/src/lib/a.ts → apps/server/src/lib/b.ts → apps/server/src/lib/a.ts');
    expect(output).toContain(message('no-cycles'));
  });

  it('reports an import against the server layering', () => {
    expect(output).toContain('error server-jobs-layer: apps/server/src/jobs/queue.ts → apps/server/src/modules/posts/posts.service.ts');
    expect(output).toContain(message('server-jobs-layer'));
  });

  it('reports a module importing the composition root', () => {
    expect(output).toContain(
      'error server-composition-is-the-top: apps/server/src/modules/posts/posts.routes.ts → apps/server/src/composition/services.ts',
    );
    expect(output).toContain(message('server-composition-is-the-top'));
  });

  it('reports the server importing the web app', () => {
    expect(output).toContain(
      'error server-and-web-apart: apps/server/src/modules/posts/posts.routes.ts → apps/web/src/features/posts/post-card.tsx',
    );
    expect(output).toContain(message('server-and-web-apart'));
  });

  it('reports the contract importing an app', () => {
    expect(output).toContain(
      'error contract-knows-no-app: packages/contract/src/index.ts → apps/server/src/modules/posts/posts.service.ts',
    );
    expect(output).toContain(message('contract-knows-no-app'));
  });

  it('reports a web feature importing another feature', () => {
    expect(output).toContain(
      'error web-feature-imports-no-other-feature: apps/web/src/features/feed/feed-page.tsx → apps/web/src/features/posts/post-card.tsx',
    );
    expect(output).toContain(message('web-feature-imports-no-other-feature'));
  });
});
