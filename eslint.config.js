import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// The house layout (docs/architecture.md), enforced: imports flow one way, features stay apart, and
// vendor SDKs stay behind their adapters.
const here = path.dirname(fileURLToPath(import.meta.url));
/** The folders under a directory, read at config load: a new feature or module is walled without a list. */
const foldersOf = (dir) =>
  fs
    .readdirSync(path.join(here, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

// Web features (src/web/features/<f>/): none imports another.
const features = foldersOf('src/web/features');

// Server modules (src/server/modules/<m>/): each reaches another only through that one's index.ts.
const serverModules = foldersOf('src/server/modules');
const serverRoot = path.join(here, 'src/server');
const WALLS = 'docs/architecture.md "Module walls".';
// the server's zones, bottom up: infrastructure < modules < http < app-level composition
const serverZones = [
  ...serverModules.map((m) => ({
    target: `modules/${m}`,
    from: serverModules.filter((o) => o !== m).map((o) => `modules/${o}`),
    except: ['./index.ts'],
    message: `A module reaches another only through its index.ts, never its repository or internals (${WALLS})`,
  })),
  {
    target: ['lib', 'db', 'engines', 'storage', 'jobs', 'mail', 'config', 'config.ts', 'deps.ts'],
    from: ['modules', 'http', 'app.ts', 'main.ts', 'bootstrap.ts', 'register-jobs.ts', 'server-modules.ts'],
    message: `Infrastructure (lib, db, engines, storage, jobs, mail, config) never imports modules or http (${WALLS})`,
  },
  {
    target: 'http',
    from: 'modules/**',
    except: ['**/modules/*/index.ts'],
    message: `http/ uses a module only through its index.ts, never a repository (${WALLS})`,
  },
  {
    target: ['app.ts', 'main.ts', 'bootstrap.ts', 'register-jobs.ts', 'server-modules.ts'],
    from: 'modules/**',
    except: ['**/modules/*/index.ts', '**/modules/*/module.ts'],
    message: `App-level composition wires a module through its index.ts and its module.ts (${WALLS})`,
  },
  {
    target: 'modules',
    from: ['app.ts', 'main.ts', 'bootstrap.ts', 'register-jobs.ts', 'server-modules.ts'],
    message: `Modules never import the app-level composition that wires them (${WALLS})`,
  },
];

// The server's half of the HTTP contract (src/shared/api/<area>.server.ts: guards and zod schemas, and
// what is built from it): the browser imports only each area's own file (docs/decisions/069-route-guard-as-data.md).
const serverContract = {
  group: [
    '**/*.server',
    '**/*.server.ts',
    '**/shared/api/all',
    '@shared/api/all',
    '**/shared/api/operation-docs',
    '@shared/api/operation-docs',
    '**/shared/api/docs/**',
    '@shared/api/docs/**',
  ],
  message:
    "The browser imports a route's place from src/shared/api/<area>.ts; its guard and schemas (<area>.server.ts) stay on the server.",
};

// No file but a test imports a test file: vitest would run its tests a second time, and the import
// circle search below looks only from production files on that ground (docs/decisions/030-test-speed.md).
const TEST_FILE = /\.test(\.[cm]?[jt]sx?)?$/;
const house = {
  rules: {
    'no-test-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { test: 'Only a test imports a test file ({{source}}).' },
      },
      create(context) {
        const check = (source) => {
          if (source?.type === 'Literal' && typeof source.value === 'string' && TEST_FILE.test(source.value))
            context.report({ node: source, messageId: 'test', data: { source: source.value } });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
  },
};

// package names only: a relative path such as engines/payments/stripe is ours
const vendorPackages = ['stripe', 'replicate', 'nodemailer', '@runware/sdk-js'];
const vendorScopes = ['@runware/*', '@aws-sdk/*'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'src/server/db/migrations/**',
      'coverage/**',
      'tests/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
  },
  {
    // Circles are looked for from production files only: no file imports a test file (vitest would run
    // its tests twice), so no circle passes through one, and the search from the test files was a
    // third of this rule's time, which is most of the lint's (docs/decisions/030-test-speed.md).
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { house },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }], 'house/no-test-imports': 'error' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // a name on an element without a role is an ARIA error that axe reports only if a page is
    // scanned while that element shows (a loading skeleton, say), so the linter catches it first
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name=/^(div|span|p)$/]:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name='role']))",
          message:
            'aria-label on a plain div, span or p is not allowed (axe: aria-prohibited-attr): give it a role, or use SkeletonGroup for a loading placeholder.',
        },
      ],
    },
  },
  {
    // the browser never imports the server
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/server'],
              message: 'src/web and src/shared never import src/server.',
            },
          ],
        },
      ],
    },
  },
  {
    // nor the server's half of the HTTP contract
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/server'], message: 'src/web never imports src/server.' },
            serverContract,
          ],
        },
      ],
    },
  },
  {
    // an area's browser half (src/shared/api/<area>.ts) takes its server half's and the schemas' types
    // only (`import type`): a value import would put zod and every schema on the pages that call it
    files: ['src/shared/api/*.ts'],
    ignores: [
      'src/shared/api/*.server.ts',
      'src/shared/api/*.test.ts',
      'src/shared/api/all.ts',
      'src/shared/api/operation-docs.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/server'], message: 'src/shared never imports src/server.' },
            {
              group: ['zod', '../schemas/*', './*.server', './all', './operation-docs', './docs/*'],
              allowTypeImports: true,
              message:
                "The browser loads this file: take the server half's and the schemas' types with `import type` (decision 069).",
            },
          ],
        },
      ],
    },
  },
  {
    // vendor SDKs only behind engines/, storage/ and the mail transport
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/engines/**',
      'src/server/storage/**',
      'src/server/mail/**',
      'src/server/**/*.test.ts',
      'src/server/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: vendorPackages.map((name) => ({
            name,
            message: 'Vendor SDKs are imported only under engines/, storage/ and the mail transport.',
          })),
          patterns: [
            {
              group: vendorScopes,
              message: 'Vendor SDKs are imported only under engines/, storage/ and the mail transport.',
            },
          ],
        },
      ],
    },
  },
  {
    // libvips loads on first use (docs/decisions/041-lean-start.md): server code takes sharp from lib/;
    // OpenTelemetry loads only with tracing on (docs/decisions/063-tracing.md): server code calls
    // lib/tracing.ts, and lib/tracing-sdk.ts (imported by main.ts on demand) alone imports the SDK.
    // (One block for both: a second no-restricted-syntax block would replace this one's selectors.)
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/lib/sharp.ts',
      'src/server/lib/tracing-sdk.ts',
      'src/server/**/*.test.ts',
      'src/server/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='sharp'][importKind!='type']",
          message: 'Import sharp from src/server/lib/sharp.ts: it loads libvips on first use.',
        },
        {
          selector:
            "ImportDeclaration[source.value=/^(@opentelemetry\\u002F|@fastify\\u002Fotel$)/][importKind!='type']",
          message:
            'Trace through src/server/lib/tracing.ts: OpenTelemetry is loaded only when tracing is on (lib/tracing-sdk.ts).',
        },
      ],
    },
  },
  {
    // the server's module walls (tests may reach inside to set up and inspect)
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: serverRoot, zones: serverZones }] },
  },
  // a feature imports another feature only through lib/ or components/ (bulletproof-react's zones)
  ...features.map((f) => ({
    files: [`src/web/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/server'], message: 'src/web never imports src/server.' },
            serverContract,
            {
              group: features
                .filter((o) => o !== f)
                .flatMap((o) => [
                  `@web/features/${o}/**`,
                  `**/features/${o}/**`,
                  `../${o}/**`,
                  `../../${o}/**`,
                ]),
              message:
                'Features do not import each other: move the shared piece to src/web/lib or src/web/components.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Tests wait for events, not time (docs/decisions/030-test-speed.md): a condition through until()
    // (src/server/test/until.ts, the one file with a timer), expect.poll, waitFor, Playwright locators,
    // a promise the code resolves, or fake timers for code that is itself clock-driven.
    files: [
      '**/*.test.{ts,tsx}',
      'tests/**/*.ts',
      'src/server/test/**/*.ts',
      'src/web/testing/**/*.{ts,tsx}',
    ],
    ignores: ['src/server/test/until.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['setTimeout', 'setInterval'].map((name) => ({
          name,
          message: `No ${name} in tests: wait for the event (until() in src/server/test/until.ts, expect.poll, a locator), or fake the clock.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['setTimeout', 'setInterval'].flatMap((property) =>
          ['globalThis', 'window', 'global'].map((object) => ({
            object,
            property,
            message: `No ${property} in tests: wait for the event (until() in src/server/test/until.ts, expect.poll, a locator), or fake the clock.`,
          })),
        ),
        {
          property: 'waitForTimeout',
          message:
            'No waitForTimeout: wait for what the page shows (a locator, waitForResponse, expect.poll).',
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
