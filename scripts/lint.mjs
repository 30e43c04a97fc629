// `npm run lint`: every static check that needs no database, each timed.
//   eslint        code rules, including the type-checked promise rules
//   boundaries    dependency-cruiser: no import cycles (type-only included), the server's layering,
//                 the web features' isolation, which package may import which (.dependency-cruiser.mjs)
//   format        prettier --check (`npm run format` rewrites the files)
// Runs every check even when one fails, so one run shows all problems.
import { lintChecks, runChecks } from './checks.mjs';

process.exit(await runChecks(lintChecks));
