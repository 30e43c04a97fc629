// As main.ts does: the server parses with zod's compiled parsers, so its tests must too.
import 'zod/compile';
