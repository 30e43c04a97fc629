import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.cache/**',
      'test-results/**',
      'coverage/**',
      'scripts/boundaries/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // Type information for the promise rules: each file is checked with the tsconfig of its workspace.
        // Files in no tsconfig (the root's and scripts' .mjs and configs, bench's .mjs) get a default project.
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            '*.ts',
            'scripts/*.mjs',
            'scripts/*/*.mjs',
            'bench/*.mjs',
            'bench/*/*.mjs',
            'packages/contract/vitest.config.ts',
          ],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 40,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its error (an unhandled rejection) and its ordering: await it, or
      // mark a deliberate fire-and-forget with `void` (and say why when it is not obvious).
      '@typescript-eslint/no-floating-promises': 'error',
      // A promise where a plain value is expected (an `if (promise)`, an async callback where a void one is
      // expected): the check is always true, or the rejection escapes.
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // Test files run in Node and may build their data with the schemas.
    ignores: ['apps/web/src/lib/form-schemas.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@postflow/contract',
              allowTypeImports: true,
              message:
                "Values come from '@postflow/contract/client' (no zod); the schemas from lib/form-schemas.ts, so zod stays out of the first load.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    // Tests set up their own processes' environments.
    ignores: ['apps/server/src/config/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config/env.ts only.' },
      ],
    },
  },
);
