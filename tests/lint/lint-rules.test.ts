import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The house layout is enforced by eslint.config.js; these cases prove the rules bite.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root, ignore: false });

async function ruleIds(code: string, filePath: string) {
  const [res] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return res.messages.map((m) => m.ruleId);
}

describe('eslint house rules', () => {
  it('refuses a feature importing another feature', async () => {
    const ids = await ruleIds(
      "import { useGallery } from '@web/features/gallery/api/gallery-api';\nexport const x = useGallery;\n",
      'src/web/features/billing/new-file.tsx',
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('lets a feature import lib/ and components/', async () => {
    const ids = await ruleIds(
      "import { apiFetch } from '@web/lib/api';\nexport const x = apiFetch;\n",
      'src/web/features/billing/new-file.tsx',
    );
    expect(ids).not.toContain('no-restricted-imports');
  });

  it('refuses the browser importing the server', async () => {
    const ids = await ruleIds(
      "import { loadConfig } from '../../server/config';\nexport const x = loadConfig;\n",
      'src/web/lib/new-file.ts',
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it("refuses the browser importing the server's half of the HTTP contract, allows the browser's half", async () => {
    const half =
      "import { modelsServer } from '@shared/api/models.server';\nexport const x = modelsServer;\n";
    expect(await ruleIds(half, 'src/web/lib/new-file.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(half, 'src/web/features/models/new-file.ts')).toContain('no-restricted-imports');
    const all = "import { API_AREAS } from '../../shared/api/all';\nexport const x = API_AREAS;\n";
    expect(await ruleIds(all, 'src/web/lib/new-file.ts')).toContain('no-restricted-imports');
    const place = "import { modelsApi } from '@shared/api/models';\nexport const x = modelsApi;\n";
    expect(await ruleIds(place, 'src/web/features/models/new-file.ts')).not.toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds(half, 'src/server/modules/models/new-file.ts')).not.toContain(
      'no-restricted-imports',
    );
  });

  it("refuses a value import of a schema in an area's browser half, allows its types", async () => {
    const value = "import { modelSchema } from '../schemas/models';\nexport const x = modelSchema;\n";
    expect(await ruleIds(value, 'src/shared/api/new-area.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(value, 'src/shared/api/new-area.server.ts')).not.toContain('no-restricted-imports');
    const types =
      "import type { modelsServer } from './models.server';\nexport type X = typeof modelsServer;\n";
    expect(await ruleIds(types, 'src/shared/api/new-area.ts')).not.toContain('no-restricted-imports');
  });

  it('refuses sharp imported at start in server code, allows its types and the lazy loader', async () => {
    const code = "import sharp from 'sharp';\nexport const x = sharp;\n";
    expect(await ruleIds(code, 'src/server/engines/images/new-file.ts')).toContain('no-restricted-syntax');
    expect(await ruleIds(code, 'src/server/lib/sharp.ts')).not.toContain('no-restricted-syntax');
    const types = "import type { Metadata } from 'sharp';\nexport type X = Metadata;\n";
    expect(await ruleIds(types, 'src/server/engines/images/new-file.ts')).not.toContain(
      'no-restricted-syntax',
    );
  });

  it('refuses OpenTelemetry imported at start in server code, allows its types and the SDK starter', async () => {
    const api = "import { trace } from '@opentelemetry/api';\nexport const x = trace;\n";
    expect(await ruleIds(api, 'src/server/jobs/new-file.ts')).toContain('no-restricted-syntax');
    const plugin =
      "import { FastifyOtelInstrumentation } from '@fastify/otel';\nexport const x = FastifyOtelInstrumentation;\n";
    expect(await ruleIds(plugin, 'src/server/app-new-file.ts')).toContain('no-restricted-syntax');
    expect(await ruleIds(api, 'src/server/lib/tracing-sdk.ts')).not.toContain('no-restricted-syntax');
    const types = "import type { Span } from '@opentelemetry/api';\nexport type X = Span;\n";
    expect(await ruleIds(types, 'src/server/jobs/new-file.ts')).not.toContain('no-restricted-syntax');
  });

  it('refuses a vendor SDK outside engines/', async () => {
    const ids = await ruleIds(
      "import Stripe from 'stripe';\nexport const x = Stripe;\n",
      'src/server/modules/tokens/new-file.ts',
    );
    expect(ids).toContain('no-restricted-imports');
    const inEngine = await ruleIds(
      "import Stripe from 'stripe';\nexport const x = Stripe;\n",
      'src/server/engines/payments/new-file.ts',
    );
    expect(inEngine).not.toContain('no-restricted-imports');
  });

  it('refuses a production file importing a test file, and lets a test import one', async () => {
    const code = "import { x as y } from './gallery-page.test';\nexport const x = y;\n";
    expect(await ruleIds(code, 'src/web/features/gallery/new-file.ts')).toContain('house/no-test-imports');
    const dynamic = "export const x = () => import('../support/flow.test.ts');\n";
    expect(await ruleIds(dynamic, 'tests/e2e/support/new-file.ts')).toContain('house/no-test-imports');
    expect(await ruleIds(code, 'src/web/features/gallery/new-file.test.ts')).not.toContain(
      'house/no-test-imports',
    );
    // a name that only contains "test" is not a test file
    const testing = "import { makeUser } from '@web/testing/fixtures';\nexport const x = makeUser;\n";
    expect(await ruleIds(testing, 'src/web/features/gallery/new-file.ts')).not.toContain(
      'house/no-test-imports',
    );
  });

  it('refuses an import cycle', async () => {
    const results = await eslint.lintFiles(['tests/lint/fixtures/cycle-a.ts']);
    expect(results[0].messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  describe('server module walls (import-x/no-restricted-paths)', () => {
    const walls = 'import-x/no-restricted-paths';
    const use = (from: string, name: string) =>
      `import { ${name} } from '${from}';\nexport const x = ${name};\n`;

    it("refuses a module importing another module's repository", async () => {
      const ids = await ruleIds(
        use('../auth/auth.repository', 'createAuthRepository'),
        'src/server/modules/support/new-file.ts',
      );
      expect(ids).toContain(walls);
    });

    it("refuses a module importing another module's internals past its index.ts", async () => {
      const ids = await ruleIds(
        use('../tokens/ledger.service', 'applyLedgerEntry'),
        'src/server/modules/models/new-file.ts',
      );
      expect(ids).toContain(walls);
    });

    it('walls in api-keys/: others reach its service only through its index.ts', async () => {
      const inside = await ruleIds(
        use('../api-keys/api-keys.repository', 'createApiKeysRepository'),
        'src/server/modules/generation/new-file.ts',
      );
      expect(inside).toContain(walls);
      const out = await ruleIds(
        use('../generation/generation.service', 'createGenerationService'),
        'src/server/modules/api-keys/new-file.ts',
      );
      expect(out).toContain(walls);
      const http = await ruleIds(
        use('../modules/api-keys/api-keys.repository', 'createApiKeysRepository'),
        'src/server/http/new-file.ts',
      );
      expect(http).toContain(walls);
    });

    it("lets a module import another module's index.ts and its own repository", async () => {
      const other = await ruleIds(
        use('../tokens', 'applyLedgerEntry'),
        'src/server/modules/models/new-file.ts',
      );
      expect(other).not.toContain(walls);
      const own = await ruleIds(
        use('./models.repository', 'createModelsRepository'),
        'src/server/modules/models/new-file.ts',
      );
      expect(own).not.toContain(walls);
    });

    it('refuses infrastructure (lib, db, engines, storage, jobs, mail, config) importing a module', async () => {
      for (const dir of ['lib', 'db', 'engines', 'storage', 'jobs', 'mail', 'config']) {
        const ids = await ruleIds(
          use('../modules/auth', 'createAuthService'),
          `src/server/${dir}/new-file.ts`,
        );
        expect(ids, dir).toContain(walls);
      }
      const deps = await ruleIds(use('./modules/users', 'toPublicUser'), 'src/server/deps.ts');
      expect(deps).toContain(walls);
    });

    it('refuses infrastructure importing http/', async () => {
      const ids = await ruleIds(use('../http/session', 'requireUser'), 'src/server/jobs/new-file.ts');
      expect(ids).toContain(walls);
    });

    it("refuses http/ importing a module's repository, lets it use the index.ts", async () => {
      const repo = await ruleIds(
        use('../modules/auth/auth.repository', 'createAuthRepository'),
        'src/server/http/new-file.ts',
      );
      expect(repo).toContain(walls);
      const index = await ruleIds(use('../modules/auth', 'createAuthService'), 'src/server/http/new-file.ts');
      expect(index).not.toContain(walls);
    });

    it('refuses app-level composition reaching past index.ts and module.ts', async () => {
      const repo = await ruleIds(
        use('./modules/auth/auth.repository', 'createAuthRepository'),
        'src/server/register-jobs.ts',
      );
      expect(repo).toContain(walls);
      const routes = await ruleIds(use('./modules/auth/auth.routes', 'authRoutes'), 'src/server/app.ts');
      expect(routes).toContain(walls);
      const module = await ruleIds(
        use('./modules/auth/module', 'authModule'),
        'src/server/server-modules.ts',
      );
      expect(module).not.toContain(walls);
    });

    it('refuses a module importing the app-level composition', async () => {
      const ids = await ruleIds(
        use('../../register-jobs', 'registerJobs'),
        'src/server/modules/models/new-file.ts',
      );
      expect(ids).toContain(walls);
    });

    it('lets tests reach inside a module', async () => {
      const ids = await ruleIds(
        use('../auth/auth.repository', 'createAuthRepository'),
        'src/server/modules/support/new-file.test.ts',
      );
      expect(ids).not.toContain(walls);
    });

    // `.ci/run` lints the whole tree with every rule beside the tests (its `lint` check), this one
    // included; there the same 30 s of CPU would only be spent twice (LORA_CI_LINTS, set by .ci/run)
    it.skipIf(process.env.LORA_CI_LINTS === '1')(
      'passes on the real tree',
      async () => {
        const walled = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === walls });
        const results = await walled.lintFiles(['src/server/**/*.ts']);
        const found = results.flatMap((r) =>
          r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`),
        );
        expect(found).toEqual([]);
      },
      120_000,
    );
  });
  it('refuses a test waiting by the clock, and lets until() and fake timers be', async () => {
    const sleep = 'export const nap = () => new Promise((r) => setTimeout(r, 100));\n';
    expect(await ruleIds(sleep, 'src/server/jobs/new-file.test.ts')).toContain('no-restricted-globals');
    expect(await ruleIds(sleep, 'src/web/lib/new-file.test.tsx')).toContain('no-restricted-globals');
    expect(await ruleIds(sleep, 'tests/scale/new-file.ts')).toContain('no-restricted-globals');
    expect(await ruleIds(sleep, 'src/server/test/new-helper.ts')).toContain('no-restricted-globals');
    const poll = 'export const tick = (f: () => void) => globalThis.setInterval(f, 10);\n';
    expect(await ruleIds(poll, 'src/server/lib/new-file.test.ts')).toContain('no-restricted-properties');
    const pw =
      'export const wait = (page: { waitForTimeout: (ms: number) => Promise<void> }) =>\n  page.waitForTimeout(300);\n';
    expect(await ruleIds(pw, 'tests/e2e/new-file.test.ts')).toContain('no-restricted-properties');
    // the helper's own timer, the product's timers, and faking the clock
    expect(await ruleIds(sleep, 'src/server/test/until.ts')).not.toContain('no-restricted-globals');
    expect(await ruleIds(sleep, 'src/server/jobs/new-file.ts')).not.toContain('no-restricted-globals');
    const fake =
      "import { vi } from 'vitest';\nvi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });\nexport const x = 1;\n";
    const ids = await ruleIds(fake, 'src/web/lib/new-file.test.ts');
    expect(ids).not.toContain('no-restricted-globals');
    expect(ids).not.toContain('no-restricted-properties');
  });

  it('refuses a name on a plain div, and lets one with a role or a SkeletonGroup pass', async () => {
    const file = 'src/web/features/gallery/new-file.tsx';
    const bare = 'export const X = () => <div aria-busy="true" aria-label="Loading images" />;\n';
    expect(await ruleIds(bare, file)).toContain('no-restricted-syntax');
    const withRole = 'export const X = () => <div role="status" aria-label="Loading images" />;\n';
    expect(await ruleIds(withRole, file)).not.toContain('no-restricted-syntax');
    const group =
      "import { SkeletonGroup } from '@web/components/ui/skeleton';\n" +
      'export const X = () => <SkeletonGroup label="Loading images" />;\n';
    expect(await ruleIds(group, file)).not.toContain('no-restricted-syntax');
  });
});
