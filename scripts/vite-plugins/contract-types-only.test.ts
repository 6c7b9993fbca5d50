import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripSchemas } from './contract-types-only';

const ID = path.resolve('src/shared/api/models.ts');

describe('stripSchemas', () => {
  it('drops schema imports and schema fields, keeping method, path and multipart', () => {
    const code = [
      "import { defineRoute } from './define';",
      "import { idParamsSchema, modelSchema as model } from '../schemas/models';",
      'export const api = {',
      "  detail: defineRoute({ method: 'GET', path: '/api/models/:id', params: idParamsSchema, response: { 200: model } }),",
      "  upload: defineRoute({ method: 'POST', path: '/api/uploads', multipart: true, body: idParamsSchema }),",
      '};',
    ].join('\n');
    const out = stripSchemas(code, ID)!;
    expect(out).toContain("import { defineRoute } from './define';");
    expect(out).toContain('const idParamsSchema = void 0, model = void 0;');
    expect(out).not.toMatch(/schemas|params:|response:|body:/);
    expect(out).toContain("method: 'GET', path: '/api/models/:id'");
    expect(out).toContain('multipart: true');
  });

  it('leaves every other file alone', () => {
    expect(stripSchemas("import { z } from 'zod';", path.resolve('src/shared/schemas/models.ts'))).toBeNull();
  });

  it('refuses a descriptor that imports zod itself', () => {
    expect(() => stripSchemas("import { z } from 'zod';", ID)).toThrow(/descriptors use the schemas/);
  });

  it('leaves no schema import in any of the real descriptors', () => {
    const dir = path.resolve('src/shared/api');
    for (const file of ['models.ts', 'generation.ts', 'auth.ts']) {
      const out = stripSchemas(readFileSync(path.join(dir, file), 'utf8'), path.join(dir, file))!;
      expect(out, file).not.toMatch(/from\s*["'][^"']*schemas/);
    }
  });
});
