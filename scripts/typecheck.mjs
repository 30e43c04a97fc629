// `npm run typecheck`: type-checks every workspace with its own tsconfig (they differ in DOM and Node types).
import { runChecks, typeChecks } from './checks.mjs';

process.exit(await runChecks(typeChecks()));
