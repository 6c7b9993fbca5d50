// Creates the embedded database in a short-lived process of its own (issue 44, decision 061): initdb
// and the first migrations grow PGlite's WebAssembly heap to several hundred MB, and a heap never
// shrinks, so a server that created its database itself held that memory until it stopped.
// src/server/db/client.ts runs this with plain node (no TypeScript loader, under tsx, vitest or the
// built server alike) as `node pglite-create.mjs <dir> <migrations folder> [-c setting]...`, then
// opens the created database in the server's own process. Exits 0 once the database is closed.
import process from 'node:process';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dir, migrationsFolder, ...settings] = process.argv.slice(2);
if (!dir || !migrationsFolder) {
  process.stderr.write('usage: pglite-create.mjs <dir> <migrations folder> [-c setting]...\n');
  process.exit(2);
}
const client = new PGlite(dir, {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, ...settings],
});
await client.waitReady;
await migrate(drizzle(client), { migrationsFolder });
await client.close();
