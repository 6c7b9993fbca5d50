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

  it('refuses an import cycle', async () => {
    const results = await eslint.lintFiles(['tests/lint/fixtures/cycle-a.ts']);
    expect(results[0].messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
