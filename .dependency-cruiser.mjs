// The repository's import boundaries, checked by `npm run lint` (scripts/lint.mjs).
// Each rule's `comment` is the message a reader sees: it says where the import should go instead.
// Paths are relative to the directory dependency-cruiser runs in (the repository root; the
// boundary test runs the same rules on its own fixture tree, scripts/boundaries/fixtures).
// See docs/decisions/104-enforced-boundaries.md.

const server = '^apps/server/src/';
/** Server files the layering applies to: tests (and apps/server/test) may import anything (no cycles still holds). */
const serverTests = ['[.]test[.]tsx?$', '^apps/server/test/'];

/**
 * One layer rule: files under `from` (a folder in apps/server/src) may import, inside apps/server/src,
 * only the folders in `allowed`.
 */
function layer(name, from, allowed, comment) {
  return {
    name,
    severity: 'error',
    comment,
    from: { path: `${server}${from}/`, pathNot: serverTests },
    // composition/ and main.ts have a rule of their own (server-composition-is-the-top): one report per import.
    to: { path: server, pathNot: `${server}(${allowed.map((folder) => `${folder}/`).join('|')}|composition/|(main|admin)[.]ts$)` },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'Import cycle (type-only imports count too). Move what both sides need into the lower one, or into a third module both import; never let a lower layer import a higher one.',
      from: {},
      to: { circular: true },
    },

    // ── Server layering: main.ts → composition → modules → (providers | ai) → (jobs | db | config | http | lib) ──
    {
      name: 'server-composition-is-the-top',
      severity: 'error',
      comment:
        'composition/ is the composition root and main.ts the entry: nothing below imports them. Take the collaborator as a parameter (the root creates it and passes it in); put a shared type beside its owner (Log lives in lib/logger.ts).',
      from: { path: server, pathNot: [`${server}composition/`, `${server}(main|admin)[.]ts$`, ...serverTests] },
      to: { path: `${server}(composition/|(main|admin)[.]ts$)` },
    },
    {
      name: 'server-src-root-holds-main-only',
      severity: 'error',
      comment:
        'apps/server/src holds only main.ts at its top: wiring (services, job handlers, the HTTP app, the runtime) lives in composition/, everything else in its layer folder (modules/<area>, providers, ai, jobs, db, config, http, lib).',
      // A module rule (one report per file, not per import): every file there matches (the schema caps the count at 100; these files have far fewer dependents).
      from: {},
      module: { path: `${server}[^/]+$`, pathNot: [`${server}(main|admin)[.]ts$`, ...serverTests], numberOfDependentsLessThan: 100 },
    },
    layer(
      'server-modules-layer',
      'modules',
      ['modules', 'providers', 'ai', 'jobs', 'db', 'config', 'http', 'lib'],
      'modules/ may import other modules and the layers below them (providers, ai, jobs, db, config, http, lib), never the composition root: take what you need as a parameter that composition/ passes in.',
    ),
    layer(
      'server-providers-layer',
      'providers',
      ['providers', 'db', 'config', 'http', 'lib'],
      'providers/ are adapters to the social networks: they import only providers, db, config, http and lib. A module that needs a provider takes the SocialProvider port; a number a module shares with a provider lives in the provider (e.g. providers/social/*-limits.ts) and the module imports it.',
    ),
    layer(
      'server-ai-layer',
      'ai',
      ['ai', 'config', 'lib'],
      'ai/ holds the AiEngine port and its engines: it imports only ai, config and lib. Data it needs comes in as arguments from the module that calls it (modules/analytics/insights).',
    ),
    layer(
      'server-jobs-layer',
      'jobs',
      ['jobs', 'db', 'lib'],
      "jobs/ is queue machinery (queue, worker, defineJob) and imports only db and lib: a job's definition and handler live in its module (modules/<area>/*.job.ts); the composition root binds them.",
    ),
    layer(
      'server-db-layer',
      'db',
      ['db', 'config', 'lib'],
      "db/ is the bottom layer (client, migrations): it imports only db, config and lib. Queries for an area belong in that module's repository (modules/<area>/*.repository.ts).",
    ),
    layer(
      'server-config-layer',
      'config',
      ['config', 'lib'],
      'config/ reads the environment and imports only lib: a default that belongs to another layer (a provider limit, a module setting) is defined in config/ and passed down, or kept in lib/.',
    ),
    layer(
      'server-http-layer',
      'http',
      ['http', 'lib'],
      'http/ is the HTTP plumbing (route helper, error handler, serializers) and imports only lib: routes live in modules/<area>/*.routes.ts, the app is assembled in composition/.',
    ),
    layer(
      'server-lib-layer',
      'lib',
      ['lib'],
      'lib/ imports nothing else in the server: it is the bottom every layer may use. Move the code that needs more up into the layer it needs (db, config, a module).',
    ),

    // ── Packages and apps ──
    {
      name: 'contract-knows-no-app',
      severity: 'error',
      comment:
        'packages/contract is shared by server, web and e2e and imports none of them (nor the sandbox, bench): move the shared shape into the contract and import it from the app instead.',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps|e2e|bench|packages/sandbox)/' },
    },
    {
      name: 'sandbox-knows-no-app',
      severity: 'error',
      comment:
        'packages/sandbox imitates the networks and imports no app: put what both need in packages/contract, or copy the network fact into the sandbox (it models the vendor, not our server).',
      from: { path: '^packages/sandbox/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      comment: 'apps/server and apps/web never import each other: what both need (routes, schemas, types) lives in packages/contract.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
    },

    // ── Web: app → features → (components | lib) ──
    {
      name: 'web-feature-imports-no-other-feature',
      severity: 'error',
      comment:
        'A web feature (src/features/X) never imports another feature: move what both use into src/components (UI) or src/lib (logic), or let src/app compose the two.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-feature-imports-no-app',
      severity: 'error',
      comment:
        'A web feature never imports src/app (the routes, layout and providers that compose the features): take what it needs as props, or move the shared piece into src/components or src/lib.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment:
        'src/components and src/lib are shared by every feature and import none: move the code into the feature that owns it, or pass the feature-specific part in as props or arguments.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^data/', '^coverage/', '^scripts/boundaries/fixtures/'] },
    // Type-only imports (`import type`, `import { type X }`) are dependencies too: a cycle through them is a cycle.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.jsx', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
