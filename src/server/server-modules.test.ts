import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_MODULES } from './server-modules';

// Decision 069: the app composes every module from one list; a module left off it would have no
// routes and no jobs, and nothing else would say so.
const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

describe('the list of server modules (server-modules.ts)', () => {
  it('holds the module.ts of every folder under modules/, once', async () => {
    const folders = readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory());
    const found = await Promise.all(
      folders.map(async ({ name }) => {
        const exported = Object.values(await import(`./modules/${name}/module.ts`));
        expect(exported, name).toHaveLength(1);
        return exported[0];
      }),
    );
    expect(new Set(SERVER_MODULES).size).toBe(SERVER_MODULES.length);
    expect(new Set(SERVER_MODULES)).toEqual(new Set(found));
  });
});
