import type { Plugin } from 'vite';

// The route descriptors (src/shared/api/) carry zod schemas for the server, which registers, validates
// and serialises with them; the browser reads only a descriptor's method and path (lib/api-client.ts,
// types from the schemas, nothing parsed at runtime). Its build replaces their schema imports with
// `undefined`, so a page that calls the server does not load zod and every schema (decision 032).
const CONTRACT_FILE = /src[\\/]shared[\\/]api[\\/][a-z-]+\.ts$/;

/** A descriptor file as the browser reads it: no schema imports, no schema fields; null if not one. */
export function stripSchemas(code: string, id: string): string | null {
  if (!CONTRACT_FILE.test(id.split('?')[0]!)) return null;
  // a schema written in a descriptor file would load zod with it on every page
  if (/from\s*["']zod/.test(code))
    throw new Error(`${id}: descriptors use the schemas of src/shared/schemas/`);
  const out = code
    .replace(
      /import\s*\{([^}]*)\}\s*from\s*["']\.\.\/schemas\/[a-z-]+(?:\.ts)?["'];?/g,
      (_all, names: string) => {
        const locals = names
          .split(',')
          .map((name) =>
            name
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          )
          .filter(Boolean);
        return locals.length > 0 ? `const ${locals.map((name) => `${name} = void 0`).join(', ')};` : '';
      },
    )
    // and the (now empty) schema fields themselves: the client reads `method`, `path`, `multipart`
    .replace(/\b(?:params|query|body|response)\s*:\s*(?:\{[^{}]*\}|[\w$]+)\s*,?/g, '');
  if (/from\s*["'][^"']*schemas/.test(out))
    throw new Error(`${id}: a schema import the browser build cannot drop`);
  return out;
}

/** The browser build's descriptors without their schemas (the server's build keeps them). */
export function contractTypesOnly(): Plugin {
  return {
    name: 'lora-contract-types-only',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr) return;
      try {
        const out = stripSchemas(code, id);
        return out === null ? undefined : { code: out, map: null };
      } catch (error) {
        this.error((error as Error).message);
      }
    },
  };
}
