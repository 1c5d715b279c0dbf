// ESLint (flat config): TypeScript's recommended rules with the few type-aware ones that catch real server bugs
// (a promise nobody awaits or handles), React's hook rules and jsx-a11y for the pages; formatting is Prettier's job
// (eslint-config-prettier turns off the rules that would fight it). import-x's no-cycle refuses an import cycle
// (type-only imports aside: they vanish at run time). `npm run lint` runs it with zero warnings allowed.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The server's folders, lowest first: a folder may import the ones before it, never one after it. The base (files
 * and keys at rest, headers, the database) comes first; then HTTP helpers, the intake, the founder's link, mail and
 * alerts; the ideas and their workflow; the live events; the team's workspace; the features on a lead (thread,
 * meeting, figures); the scheduled jobs; the routes and the admin API. tests/architecture checks every folder is here.
 */
export const SERVER_LAYERS = [
  'storage',
  'security',
  'db',
  'http',
  'intake',
  'founder',
  'mail',
  'alerts',
  'ideas',
  'events',
  'team',
  'thread',
  'booking',
  'push',
  'kakao',
  'vitals',
  'jobs',
  'mailbox',
  'routes',
  'admin',
];
const server = (name) => `./src/server/${name}`;
const serverZones = [
  ...SERVER_LAYERS.map((folder, index) => ({
    target: server(folder),
    from: [...SERVER_LAYERS.slice(index + 1).map(server), server('app.ts'), server('main.ts')],
    message: `src/server/${folder} may not import a folder after it in SERVER_LAYERS (eslint.config.js): pass what it needs in, or move the shared part down.`,
  })),
  {
    target: [server('config.ts'), server('logger.ts'), server('send-deadlines.ts')],
    from: SERVER_LAYERS.map(server),
    message: 'The root config.ts, logger.ts and send-deadlines.ts are read by every folder and read none.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }] },
  },
  {
    // The server's folders depend one way (ARCHITECTURE.md, decision 125): each imports only the folders before it in
    // SERVER_LAYERS and the root's config.ts, logger.ts and send-deadlines.ts; app.ts and main.ts compose them all.
    // Tests beside the code may import what they test from anywhere.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Playwright reads a test's fixtures from its first parameter, so `async ({}, testInfo)` is how to ask for none.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
