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
  await run(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropServerDatabase(serverUrl, name) };
}

/** Removes the database `name` from the server `serverUrl` names, with any connection still open. */
export function dropServerDatabase(serverUrl: string, name: string) {
  return run(serverUrl, `drop database if exists ${name} with (force)`);
}

async function run(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
