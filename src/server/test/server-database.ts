import pg from 'pg';

/**
 * A new database on the PostgreSQL server `serverUrl` names, a copy of `template` when one is given
 * (`create database … template`): its URL, and `drop`, which removes it with any connection still open.
 * Used by the test template, each harness's clone (template-db.ts) and the kill tests' clusters.
 */
export async function createServerDatabase(
  serverUrl: string,
  name: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
