// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** The TypeScript projects that own every linted file (type-aware rules need one of them). */
const PROJECTS = [
  './shared/tsconfig.json',
  './server/tsconfig.json',
  './website/tsconfig.json',
  './desktop/tsconfig.json',
  './desktop/tsconfig.electron.json',
  './test-support/tsconfig.json',
  './tsconfig.tools.json',
];

const WEBSITE_FEATURES = ['admin', 'contact', 'enquiry', 'gallery', 'home', 'plans', 'upload'];

/**
 * The architecture, as import rules (see docs/decisions/008-code-health.md):
 * - shared/ is the bottom layer: it imports no app and no test support;
 * - apps never import each other, tests included; test support used by several workspaces lives in
 *   test-support/, which every workspace's tests may import; server/bench never imports it: what
 *   the server's benches share with tests (the test server, clock, photos, seeded data, records)
 *   lives in server/fixtures/, which test-support re-exports;
 * - website features never import each other (routes combine them);
 * - the desktop renderer (desktop/src) never imports the main process (desktop/electron): the IPC
 *   contract is the one door;
 * - server domain folders never import the HTTP layer (middleware, routes);
 * - shared/'s zones (SHARED_ZONES below) import only the zones beneath them.
 */
const SHARED_SRC = './shared/src';
/** Packages only the admin panel (and the apps' React code) may import. */
const REACT_PACKAGES = ['react', 'react-dom', 'react-router', 'react-router-dom', '@tanstack'].flatMap((name) => [
  `./node_modules/${name}`,
  `./node_modules/@types/${name}`,
]);
/**
 * shared/'s entry points (docs/decisions/033-shared-entry-points.md), bottom to top: `domain`
 * (schemas, pricing, availability, config, image sniffing, pure helpers), `api` (the HTTP contract,
 * client, paths, errors), `browser` (code that needs a browser), `admin-ui` (the React panel and
 * its CSS). A zone imports only the zones beneath it; only admin-ui imports React. The server and
 * the desktop's main process (with the IPC contract it shares with the renderer) use domain and
 * api only: no React, no browser code.
 */
const SHARED_ZONES = [
  {
    target: `${SHARED_SRC}/domain`,
    from: [`${SHARED_SRC}/api`, `${SHARED_SRC}/browser`, `${SHARED_SRC}/admin-ui`, ...REACT_PACKAGES],
    message: 'shared/src/domain es la base pura: no importa api, browser, admin-ui ni React.',
  },
  {
    target: `${SHARED_SRC}/api`,
    from: [`${SHARED_SRC}/browser`, `${SHARED_SRC}/admin-ui`, ...REACT_PACKAGES],
    message: 'shared/src/api (el contrato HTTP y su cliente) solo importa domain: ni browser, ni admin-ui, ni React.',
  },
  {
    target: `${SHARED_SRC}/browser`,
    from: [`${SHARED_SRC}/admin-ui`, ...REACT_PACKAGES],
    message: 'shared/src/browser solo importa domain y api: ni admin-ui ni React.',
  },
  {
    target: ['./server', './desktop/electron', './desktop/contract'],
    from: [`${SHARED_SRC}/browser`, `${SHARED_SRC}/admin-ui`, ...REACT_PACKAGES],
    message:
      'El servidor y el proceso principal del escritorio solo usan domain y api de shared/: ni admin-ui, ni browser, ni React.',
  },
];

const BOUNDARIES = [
  {
    target: './shared',
    from: ['./server', './website', './desktop', './test-support'],
    message: 'shared/ es la capa base: no importa ninguna aplicación.',
  },
  { target: './server', from: ['./website', './desktop'], message: 'Las aplicaciones no se importan entre sí.' },
  {
    target: './server/bench',
    from: './test-support',
    message:
      'Los benchmarks del servidor no importan test-support: lo que comparten con las pruebas está en server/fixtures.',
  },
  { target: './website', from: ['./server', './desktop'], message: 'Las aplicaciones no se importan entre sí.' },
  { target: './desktop', from: ['./server', './website'], message: 'Las aplicaciones no se importan entre sí.' },
  ...WEBSITE_FEATURES.map((feature) => ({
    target: `./website/src/features/${feature}`,
    from: './website/src/features',
    except: [`./${feature}`],
    message: 'Una funcionalidad no importa otra: las rutas las combinan.',
  })),
  {
    target: './desktop/src',
    from: './desktop/electron',
    message: 'El renderer solo habla con el proceso principal a través del contrato IPC.',
  },
  ...['db', 'images', 'auth', 'forms', 'calendar', 'enquiries', 'settings'].map((domain) => ({
    target: `./server/src/${domain}`,
    from: ['./server/src/middleware', './server/src/routes'],
    message: 'El dominio no conoce HTTP: lanza errores de dominio y el middleware los traduce.',
  })),
  ...SHARED_ZONES,
];

/**
 * Configuration is read in one module per process (docs/decisions/019-configuration.md): the
 * server's, the command-line tools', the desktop main process's entry (the website's build-time
 * variables are read in website/src/config/env.ts). Everything else receives its settings.
 * Tests, e2e, benches, scripts and build configs set and read the environment freely.
 */
const ENV_READERS = ['server/src/env.ts', 'server/src/cli/cli-env.ts', 'desktop/electron/main/index.ts'];
const ENV_MESSAGE =
  'La configuración se lee en un solo módulo por proceso (ENV_READERS en eslint.config.js): recíbela como parámetro.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/release/**',
      'data/**',
      'coverage/**',
      'scripts/sample-content/**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: PROJECTS, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: PROJECTS, alwaysTryTypes: true, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Hooks live in .ts files too (use-load.ts, use-enquiry-form.ts).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // These two come from the React Compiler's rule set; the project does not compile with it.
      // Its "latest value" refs (a handler reads `ref.current` set during render) are deliberate:
      // docs/decisions/008-code-health.md. `rules-of-hooks` and `exhaustive-deps` stay on.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // React ignores what an event handler returns; every async handler here catches its own
      // failures and shows them (docs/decisions/008-code-health.md). Promises passed anywhere
      // else are still checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Components take their callbacks and the panel's API as props and destructure them, React's
      // idiom; those are plain functions and closures (createHttpAdminApi, the preload bridge),
      // none reads `this`. Outside components the rule stays on.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['website/src/**', 'desktop/src/**', 'shared/src/admin-ui/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Tests, benchmarks and build scripts print what they measure; the command-line tools and the
    // server's own logger write to standard output on purpose.
    files: [
      '**/test/**',
      '**/e2e/**',
      '**/__tests__/**',
      '**/bench/**',
      '**/scripts/**',
      'test-support/**',
      'server/fixtures/**',
      'server/src/cli/**',
      'server/src/start.ts',
      'server/src/main.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['server/src/**', 'shared/src/**', 'website/src/**', 'desktop/**'],
    ignores: [
      ...ENV_READERS,
      '**/test/**',
      '**/e2e/**',
      '**/__tests__/**',
      '**/*.test.*',
      '**/bench/**',
      '**/scripts/**',
      '**/*.config.*',
    ],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: ENV_MESSAGE }],
      'no-restricted-imports': [
        'error',
        {
          paths: ['process', 'node:process'].map((name) => ({ name, importNames: ['env'], message: ENV_MESSAGE })),
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
